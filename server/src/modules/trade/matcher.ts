/**
 * The order matcher (docs/decisions/0009-trading-rules.md). Runs every second on the app clock
 * while a market is open (and directly from tests and the test-clock endpoint). Per open market it
 * reads the live price of every code with live orders, asks the database for the orders that must
 * act at those prices, and handles each in its own transaction:
 *   - a pending limit order whose price was crossed fills at its limit (order hold → margin hold + fee);
 *   - a position "preparing to close" is settled at the market price;
 *   - a holding position whose equity fell below maintenance_ratio × margin is closed at market
 *     (margin call) and the user gets an inbox message.
 * Settlement releases the margin, books the P&L against the house 'trading' account and the
 * closing fee to the user's fee-revenue shard; a loss beyond the user's money is paid by the house 'protection'
 * account in a labelled journal transaction (negative-balance protection), so no balance goes
 * negative. Every step is a conditional UPDATE (`WHERE status = …`), so two matchers (two server
 * instances, or a timer and a test) never act twice on one order. A settlement hook (`onSettle`, registered
 * by day trading) runs inside each settlement's transaction: `before` first (it takes its locks before the
 * matcher's, in the order the hook's own writers take them), `after` once the position settled.
 */
import { Decimal, type Currency } from 'shared/money';
import type { Database, Tx } from '../../db/database';
import { formatAmount } from '../wire/wire';
import { notify } from '../inbox/inbox-service';
import { getHouseAccountId, lockUserAccounts, placeHold, postTransaction, voidHold } from '../ledger/ledger-repository';
import { moneyTx } from '../ledger/money-tx';
import { MARKET_IDS, marketClock, type MarketId } from '../market/calendar';
import type { MarketDataProvider } from '../market/provider';
import { closeFee, limitCrossed, marginCallDue, realisedPnl, settle } from './trade-math';
import { feeRevenueAccount, positionById, readRules, STATUS, type PositionRow } from './trade-repository';
import { dueOrders, fillPendingOrder, liveCodes, settleClose } from './positions-repository';
import { tradeDateAt } from './t-plus-one';

export interface MatcherContext {
  db: Database;
  now: () => Date;
  provider: MarketDataProvider;
}

/** Work another module does inside a settlement's transaction (see the header). */
export interface SettleHook {
  /** First in the transaction, before any lock of the matcher: answers what `after` needs (or undefined). */
  before(tx: Tx, positionId: bigint, at: Date): Promise<unknown>;
  /** After the position settled, in the same transaction, with what `before` answered. */
  after(tx: Tx, positionId: bigint, at: Date, state: unknown): Promise<void>;
}

export interface MatchReport {
  filled: number;
  closed: number;
  marginCalls: number;
}

/** Memo of the labelled journal transaction that pays a loss beyond the account. */
export const PROTECTION_MEMO = 'Negative-balance protection: the loss beyond your balance is paid by the house';

/** Fills a pending limit order at its limit. False when it is no longer pending or no longer crossed. */
export async function fillOrder(tx: Tx, id: bigint, price: Decimal, at: Date): Promise<boolean> {
  const peek = await positionById(tx, id);
  if (!peek || peek.status !== STATUS.pending) return false;
  const accounts = await lockUserAccounts(tx, BigInt(peek.userId), [peek.currency]);
  const row = await positionById(tx, id, { forUpdate: true });
  if (!row || row.status !== STATUS.pending || !limitCrossed(row.direction, row.limitPrice!, price)) return false;
  if (!(await voidHold(tx, BigInt(row.holdId!), at)))
    throw new Error(`order ${row.orderNo}: hold ${row.holdId} was already resolved`);
  const accountId = accounts.get(row.currency)!.id;
  const marginHold = await placeHold(tx, {
    accountId,
    currency: row.currency,
    amount: new Decimal(row.margin).toFixed(),
    reason: 'margin',
    reference: row.orderNo,
    at,
  });
  const fee = new Decimal(row.fee);
  if (!fee.isZero()) {
    await postTransaction(tx, {
      kind: 'fee',
      reference: row.orderNo,
      memo:
        `open ${row.direction} ${row.code} ×${new Decimal(row.stockNum).toFixed()} ` +
        `@ ${new Decimal(row.limitPrice!).toFixed()}`,
      at,
      entries: [
        { accountId, currency: row.currency, amount: fee.negated().toFixed() },
        {
          accountId: await getHouseAccountId(tx, feeRevenueAccount(BigInt(row.userId)), row.currency),
          currency: row.currency,
          amount: fee.toFixed(),
        },
      ],
    });
  }
  const filled = await fillPendingOrder(tx, id, { marginHold, at, openDate: tradeDateAt(row.market, at) });
  if (!filled) throw new Error(`order ${row.orderNo} changed under its lock`);
  return true;
}

/**
 * Settles a position at `price`: from "preparing to close" (reason user) or from holding when a
 * margin call is due (reason margin_call). False when the position is not (any longer) in that state
 * or, for a margin call, no longer below maintenance.
 */
export async function settlePosition(
  tx: Tx,
  id: bigint,
  price: Decimal,
  at: Date,
  reason: 'user' | 'margin_call',
  maintenanceRatio: Decimal,
): Promise<PositionRow | undefined> {
  const peek = await positionById(tx, id);
  const from = reason === 'user' ? STATUS.closing : STATUS.holding;
  if (!peek || peek.status !== from) return undefined;
  const userId = BigInt(peek.userId);
  const accounts = await lockUserAccounts(tx, userId, [peek.currency]);
  const row = await positionById(tx, id, { forUpdate: true });
  if (!row || row.status !== from) return undefined;
  const quantity = new Decimal(row.stockNum);
  if (
    reason === 'margin_call' &&
    !marginCallDue(row.direction, row.buyPrice, price, quantity, row.margin, maintenanceRatio)
  )
    return undefined;
  const currency: Currency = row.currency;
  const account = accounts.get(currency)!;
  if (!(await voidHold(tx, BigInt(row.holdId!), at)))
    throw new Error(`position ${row.orderNo}: hold ${row.holdId} was already resolved`);
  const pnl = realisedPnl(row.direction, row.buyPrice, price, quantity, currency);
  const fee = closeFee(price, quantity, row.feeRate, currency);
  const result = settle(new Decimal(account.available).plus(row.margin), pnl, fee);
  const user = account.id;
  if (result.protection.gt(0)) {
    await postTransaction(tx, {
      kind: 'trade',
      reference: row.orderNo,
      memo: PROTECTION_MEMO,
      at,
      entries: [
        {
          accountId: await getHouseAccountId(tx, 'protection', currency),
          currency,
          amount: result.protection.negated().toFixed(),
        },
        { accountId: user, currency, amount: result.protection.toFixed() },
      ],
    });
  }
  if (!pnl.isZero()) {
    await postTransaction(tx, {
      kind: 'trade',
      reference: row.orderNo,
      memo:
        `${reason === 'margin_call' ? 'margin call: ' : ''}close ${row.direction} ${row.code} ×${quantity.toFixed()} ` +
        `@ ${price.toFixed()} (bought @ ${new Decimal(row.buyPrice).toFixed()})`,
      at,
      entries: [
        { accountId: user, currency, amount: pnl.toFixed() },
        { accountId: await getHouseAccountId(tx, 'trading', currency), currency, amount: pnl.negated().toFixed() },
      ],
    });
  }
  if (!result.fee.isZero()) {
    await postTransaction(tx, {
      kind: 'fee',
      reference: row.orderNo,
      memo: `close ${row.direction} ${row.code} ×${quantity.toFixed()} @ ${price.toFixed()}`,
      at,
      entries: [
        { accountId: user, currency, amount: result.fee.negated().toFixed() },
        {
          accountId: await getHouseAccountId(tx, feeRevenueAccount(userId), currency),
          currency,
          amount: result.fee.toFixed(),
        },
      ],
    });
  }
  const closed = await settleClose(tx, id, from, {
    price: price.toFixed(),
    pnl: pnl.toFixed(),
    fee: result.fee.toFixed(),
    protection: result.protection.gt(0) ? result.protection.toFixed() : null,
    at,
    closedBy: reason,
  });
  if (!closed) throw new Error(`position ${row.orderNo} changed under its lock`);
  if (reason === 'margin_call') {
    await notify(
      tx,
      userId,
      {
        key: result.protection.gt(0) ? 'margin_call_protected' : 'margin_call',
        values: {
          code: row.code,
          order_no: row.orderNo,
          ratio: `${maintenanceRatio.times(100).toFixed()}%`,
          price: price.toFixed(),
          pnl: formatAmount(pnl, currency),
          fee: formatAmount(result.fee, currency),
          ...(result.protection.gt(0) ? { protection: formatAmount(result.protection, currency) } : {}),
        },
      },
      at,
    );
  }
  return closed;
}

export function createMatcher({ db, now, provider }: MatcherContext) {
  let running: Promise<MatchReport> | undefined;
  const hooks: SettleHook[] = [];

  /** settlePosition with the hooks around it, in one transaction. */
  const settleInTx = (id: bigint, price: Decimal, at: Date, reason: 'user' | 'margin_call', ratio: Decimal) =>
    moneyTx(db, async (tx) => {
      const states = [];
      for (const hook of hooks) states.push(await hook.before(tx, id, at));
      const settled = await settlePosition(tx, id, price, at, reason, ratio);
      if (settled) for (const [i, hook] of hooks.entries()) await hook.after(tx, id, at, states[i]);
      return settled;
    });

  const runMarket = async (market: MarketId, at: Date, report: MatchReport): Promise<void> => {
    const codes = await db.tx((tx) => liveCodes(tx, market), { readOnly: true });
    if (codes.length === 0) return;
    const prices = codes.flatMap(({ code }) => {
      const price = provider.lastPrice(market, code);
      return price === undefined ? [] : [{ code, price }];
    });
    const { rules, due } = await db.tx(
      async (tx) => {
        const rules = await readRules(tx);
        const due = await dueOrders(tx, market, prices, rules.maintenanceRatio.toFixed());
        return { rules, due };
      },
      { readOnly: true },
    );
    for (const order of due) {
      const price = new Decimal(order.price);
      const id = BigInt(order.id);
      if (order.status === STATUS.pending) {
        if (await moneyTx(db, (tx) => fillOrder(tx, id, price, at))) report.filled += 1;
      } else if (order.status === STATUS.closing) {
        if (await settleInTx(id, price, at, 'user', rules.maintenanceRatio)) report.closed += 1;
      } else if (await settleInTx(id, price, at, 'margin_call', rules.maintenanceRatio)) {
        report.marginCalls += 1;
      }
    }
  };

  const runOnce = async (): Promise<MatchReport> => {
    const at = now();
    const report: MatchReport = { filled: 0, closed: 0, marginCalls: 0 };
    for (const market of MARKET_IDS) {
      if (marketClock(market, at.getTime()).status !== 'open') continue;
      await runMarket(market, at, report);
    }
    return report;
  };

  return {
    /** One pass over every open market (a call made during a pass waits for it, then runs its own). */
    async runOnce(): Promise<MatchReport> {
      if (running) await running.catch(() => undefined);
      running = runOnce();
      try {
        return await running;
      } finally {
        running = undefined;
      }
    },
    /** Registers a settlement hook (day trading re-holds a participation when one of its positions settles). */
    onSettle(hook: SettleHook): void {
      hooks.push(hook);
    },
    /** True while any market is in a session at the app clock (the timer does nothing otherwise). */
    anyMarketOpen(): boolean {
      const at = now().getTime();
      return MARKET_IDS.some((market) => marketClock(market, at).status === 'open');
    },
  };
}

export type Matcher = ReturnType<typeof createMatcher>;
