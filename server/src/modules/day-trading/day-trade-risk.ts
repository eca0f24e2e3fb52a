/**
 * The day-trading risk disclosure check. The disclosures are one mechanism keyed by kind
 * (modules/risk-disclosure, kind 'day_trade'); until that module is in, applying needs no acknowledgement
 * and /daytrade/config answers risk_disclosure_required false.
 */
import type { Tx } from '../../db/database';

export const dayTradeRiskCheck = {
  async state(tx: Tx, userId: bigint): Promise<{ required: boolean; acknowledged: boolean }> {
    void tx;
    void userId;
    return { required: false, acknowledged: false };
  },
  async require(tx: Tx, userId: bigint): Promise<void> {
    void tx;
    void userId;
  },
};
