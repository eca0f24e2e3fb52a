/**
 * Whether the matcher may close a position by its take profit or stop loss now (issue 13): not a day-trade
 * position (its exits are refused when set; it closes with the day), not before a new share's lock-up ends or
 * China's T+1 date, not while its shares are lent (modules/trade/lent-guard.ts) — the same rules as a
 * user's close (cancel-close.ts closePosition). The exit then waits and acts once the position may be closed.
 */
import type { Tx } from '../../db/database';
import { BusinessError } from '../../errors';
import { assertNotLent } from './lent-guard';
import type { Decimal } from 'shared/money';
import { exitReached } from './order-rules';
import { closableFrom, tradeDateAt } from './t-plus-one';
import { positionById, STATUS, type PositionRow } from './trade-repository';

export async function closableNow(tx: Tx, row: PositionRow, at: Date): Promise<boolean> {
  if (row.dayTradeId !== null && row.dayTradeId !== undefined) return false;
  if (row.closableFrom && at < row.closableFrom) return false;
  const today = tradeDateAt(row.market, at);
  const from = closableFrom(row.market, row.openDate);
  if (from && today < from) return false;
  try {
    await assertNotLent(tx, row.id, today);
  } catch (error) {
    if (error instanceof BusinessError) return false;
    throw error;
  }
  return true;
}

/** The exit a holding position reached at `price`, if any. */
export async function exitOf(tx: Tx, id: bigint, price: Decimal): Promise<'take_profit' | 'stop_loss' | undefined> {
  const row = await positionById(tx, id);
  if (!row || row.status !== STATUS.holding) return undefined;
  return exitReached(row.direction, row, price);
}
