/**
 * The close of a day-trading day (run by the background-job runner, daytrade-jobs.ts): each live
 * application whose trade date's session closed is claimed FOR UPDATE SKIP LOCKED and handled in its
 * own transaction, exactly once however many instances run the job:
 *   - in trade: its pending limit orders are cancelled (their holds released), every position still
 *     holding or preparing to close is settled (after the participation hold is released, so the day's
 *     losses come out of the participation first) at the day's closing price with the matcher's own
 *     settlement (matcher.ts settlePosition: margin released, P&L against the house 'trading' account,
 *     closing fee, negative-balance protection from the house 'protection' account), then the day's
 *     result is computed from its positions (realised P&L − fees), the participation hold released,
 *     the application marked filled and the inbox told;
 *   - submitted or applied (no order placed): failed ('expired'), participation released, inbox.
 */
import { Decimal } from 'shared/money';
import type { Database, Tx } from '../../db/database';
import { notify } from '../inbox/inbox-service';
import { lockUserAccounts, voidHold } from '../ledger/ledger-repository';
import { moneyTx } from '../ledger/money-tx';
import type { MarketDataProvider } from '../market/provider';
import { settlePosition } from '../trade/matcher';
import { cancelPendingOrder, requestClose } from '../trade/positions-repository';
import { positionById, readRules, STATUS } from '../trade/trade-repository';
import { formatAmount } from '../wire/wire';
import { claimDue, markExpired, markSettled, positionIdsOf, resultOf, type DayTradeRow } from './daytrade-repository';

type Prices = Pick<MarketDataProvider, 'candles' | 'lastPrice'>;

/** The closing price of a code on a trading day (the day's candle), else the last price. */
export function closingPrice(provider: Prices, row: DayTradeRow, code: string): Decimal | undefined {
  const candles = provider.candles(row.market, code, 'day', 10) ?? [];
  const candle = candles.find((c) => c.date === row.tradeDate);
  const price = candle?.close ?? provider.lastPrice(row.market, code);
  return price === undefined ? undefined : new Decimal(price);
}

/** Settles every due application. Answers how many were settled or expired. */
export async function settleDue(db: Database, provider: Prices, at: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const done = await moneyTx(db, async (tx) => {
      const [row] = await claimDue(tx, at, 1);
      if (!row) return undefined;
      return (await settleOne(tx, provider, row, at)) ? 1 : 0;
    });
    if (done === undefined || done === 0) return total;
    total += 1;
  }
}

async function settleOne(tx: Tx, provider: Prices, row: DayTradeRow, at: Date): Promise<boolean> {
  await lockUserAccounts(tx, row.userId, [row.currency]);
  const amount = formatAmount(row.participation, row.currency);
  if (row.status !== 'in_trade') {
    if (row.holdId !== null) await voidHold(tx, row.holdId, at);
    if (!(await markExpired(tx, row.id))) return false;
    await notify(
      tx,
      row.userId,
      { key: 'day_trade_expired', values: { order_no: row.orderNo, date: row.tradeDate, amount } },
      at,
    );
    return true;
  }
  // The participation is released first: the day's losses come out of it before the house protects.
  if (row.holdId !== null) await voidHold(tx, row.holdId, at);
  const rules = await readRules(tx);
  for (const { id } of await positionIdsOf(tx, [row.id], [STATUS.pending, STATUS.holding, STATUS.closing])) {
    const position = await positionById(tx, id);
    if (!position) continue;
    if (position.status === STATUS.pending) {
      const cancelled = await cancelPendingOrder(tx, row.userId, id, at);
      if (cancelled?.holdId) await voidHold(tx, BigInt(cancelled.holdId), at);
      continue;
    }
    const price = closingPrice(provider, row, position.code);
    if (!price) throw new Error(`day trade ${row.orderNo}: no closing price for ${position.code}`);
    if (position.status === STATUS.holding) await requestClose(tx, row.userId, id, at);
    const settled = await settlePosition(tx, id, price, at, 'user', rules.maintenanceRatio);
    if (!settled) throw new Error(`day trade ${row.orderNo}: position ${id} did not settle`);
  }
  const result = (await resultOf(tx, [row.id])).get(row.id) ?? { realised: '0', fees: '0', protection: '0' };
  const pnl = new Decimal(result.realised).minus(result.fees);
  const ok = await markSettled(tx, row.id, { ...result, pnl: pnl.toFixed(), at });
  if (!ok) throw new Error(`day trade ${row.orderNo} was settled twice`);
  await notify(
    tx,
    row.userId,
    {
      key: 'day_trade_settled',
      values: {
        order_no: row.orderNo,
        date: row.tradeDate,
        amount,
        pnl: formatAmount(pnl, row.currency),
        realised: formatAmount(result.realised, row.currency),
        fees: formatAmount(result.fees, row.currency),
      },
    },
    at,
  );
  return true;
}
