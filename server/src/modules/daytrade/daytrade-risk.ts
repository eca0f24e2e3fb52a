/**
 * The day-trading risk disclosure check: the one mechanism keyed by kind (modules/risk-disclosure,
 * docs/decisions/0020), kind 'day_trade'. Applying needs its current version acknowledged (read and
 * acknowledged through /trade/riskDisclosure and /trade/riskAck with kind=day_trade).
 */
import type { Tx } from '../../db/database';
import { isRiskAcknowledged, requireRiskAck } from '../risk-disclosure/risk-disclosure-service';

export const dayTradeRiskCheck = {
  async state(tx: Tx, userId: bigint): Promise<{ required: boolean; acknowledged: boolean }> {
    return { required: true, acknowledged: await isRiskAcknowledged(tx, userId, 'day_trade') };
  },
  require(tx: Tx, userId: bigint): Promise<void> {
    return requireRiskAck(tx, userId, 'day_trade');
  },
};
