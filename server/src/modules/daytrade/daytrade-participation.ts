/**
 * The participation hold of a day-trading application (docs/decisions/0019-day-trading.md): the part of the
 * participation its orders do not hold. Re-placed after each change of what the orders hold (an order placed,
 * cancelled by the user or by the day-wide stop, a position settled during the day), so the money an order gives
 * back returns to the participation, never to the free available balance.
 */
import { Decimal } from 'shared/money';
import type { Tx } from '../../db/database';
import { placeHold, voidHold } from '../ledger/ledger-repository';
import { availableOf, exposureOf, setHold, type DayTradeRow } from './daytrade-repository';

/**
 * Re-places the participation hold: participation − what the application's orders hold, at most the
 * account's available money (a fee paid or a loss realised today comes out of it). Answers the hold id.
 */
export async function rebalanceParticipation(tx: Tx, row: DayTradeRow, accountId: bigint, at: Date) {
  if (row.holdId !== null) await voidHold(tx, row.holdId, at);
  const held = new Decimal((await exposureOf(tx, [row.id])).get(row.id)?.held ?? 0);
  const available = await availableOf(tx, accountId);
  const target = Decimal.min(new Decimal(row.participation).minus(held), new Decimal(available));
  const holdId = target.gt(0)
    ? await placeHold(tx, {
        accountId,
        currency: row.currency,
        amount: target.toFixed(),
        reason: 'day_trade',
        reference: row.orderNo,
        at,
      })
    : null;
  await setHold(tx, row.id, holdId);
  return holdId;
}
