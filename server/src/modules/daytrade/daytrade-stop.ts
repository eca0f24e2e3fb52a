/**
 * The day-wide stop (docs/decisions/0019-day-trading.md): an application in trade whose day's result
 * (realised P&L − fees of its closed positions + the open ones' P&L at the last price) has lost its whole
 * participation is stopped like a margin call: its pending orders are cancelled (their holds back into the
 * participation hold, as /daytrade/cancel puts them) and its positions set to close at market (the matcher fills
 * them within a second, with negative-balance protection beyond the account); the inbox says so, and further orders
 * answer day_trade_stopped.
 * Run by the job runner while the market is open; each application is claimed FOR UPDATE SKIP LOCKED.
 */
import { Decimal } from 'shared/money';
import type { Database, Tx } from '../../db/database';
import { notify } from '../inbox/inbox-service';
import { lockUserAccounts, voidHold } from '../ledger/ledger-repository';
import { moneyTx } from '../ledger/money-tx';
import { marketClock } from '../market/calendar';
import type { MarketDataProvider } from '../market/provider';
import { cancelPendingOrder, requestClose } from '../trade/positions-repository';
import { realisedPnl } from '../trade/trade-math';
import { positionById, STATUS, type PositionRow } from '../trade/trade-repository';
import { formatAmount } from '../wire/wire';
import { rebalanceParticipation } from './daytrade-participation';
import { claimInTrade, inTradeIds, positionIdsOf, resultOf, type DayTradeRow } from './daytrade-repository';

type Prices = Pick<MarketDataProvider, 'lastPrice'>;

/** The application's live positions (pending, holding, closing). */
async function livePositions(tx: Tx, row: DayTradeRow): Promise<PositionRow[]> {
  const ids = await positionIdsOf(tx, [row.id], [STATUS.pending, STATUS.holding, STATUS.closing]);
  const rows = await Promise.all(ids.map(({ id }) => positionById(tx, id)));
  return rows.filter((p): p is PositionRow => p !== undefined);
}

/** The day's result so far: realised − fees + the open positions' P&L at the last price. */
export async function dayResultNow(tx: Tx, provider: Prices, row: DayTradeRow): Promise<Decimal> {
  const result = (await resultOf(tx, [row.id])).get(row.id);
  let total = new Decimal(result?.realised ?? 0).minus(result?.fees ?? 0);
  for (const p of await livePositions(tx, row)) {
    if (p.status !== STATUS.holding && p.status !== STATUS.closing) continue;
    const price = provider.lastPrice(row.market, p.code);
    if (price !== undefined) total = total.plus(realisedPnl(p.direction, p.buyPrice, price, p.stockNum, row.currency));
  }
  return total;
}

/** Whether the day has lost the whole participation. */
export async function dayStopped(tx: Tx, provider: Prices, row: DayTradeRow): Promise<boolean> {
  return (await dayResultNow(tx, provider, row)).lte(new Decimal(row.participation).negated());
}

/** Stops every application in trade whose day lost its participation. Answers how many it stopped. */
export async function stopDue(db: Database, provider: Prices, at: Date): Promise<number> {
  const candidates = await db.tx((tx) => inTradeIds(tx, at), { readOnly: true });
  let stopped = 0;
  // Only while the market is open: the matcher fills the closes at market.
  for (const { id } of candidates.filter((c) => marketClock(c.market, at.getTime()).status === 'open')) {
    const done = await moneyTx(db, async (tx) => {
      const row = await claimInTrade(tx, id);
      if (!row) return false;
      const result = await dayResultNow(tx, provider, row);
      if (result.gt(new Decimal(row.participation).negated())) return false;
      const live = await livePositions(tx, row);
      // Lock order as /daytrade/cancel's: the application row (claimed above), then the user's accounts.
      const accounts = live.some((p) => p.status === STATUS.pending)
        ? await lockUserAccounts(tx, row.userId, [row.currency])
        : undefined;
      let acted = 0;
      let cancelled = 0;
      for (const p of live) {
        if (p.status === STATUS.pending) {
          const order = await cancelPendingOrder(tx, row.userId, BigInt(p.id), at);
          if (order?.holdId) await voidHold(tx, BigInt(order.holdId), at);
          cancelled += order ? 1 : 0;
        } else if (p.status === STATUS.holding) {
          acted += (await requestClose(tx, row.userId, BigInt(p.id), at)) ? 1 : 0;
        }
      }
      // The cancelled orders' holds go back into the participation (never to available), as /daytrade/cancel does.
      if (cancelled > 0) await rebalanceParticipation(tx, row, accounts!.get(row.currency)!.id, at);
      if (acted + cancelled === 0) return false;
      await notify(
        tx,
        row.userId,
        {
          key: 'day_trade_stopped',
          values: {
            order_no: row.orderNo,
            amount: formatAmount(row.participation, row.currency),
            pnl: formatAmount(result, row.currency),
          },
        },
        at,
      );
      return true;
    });
    if (done) stopped += 1;
  }
  return stopped;
}
