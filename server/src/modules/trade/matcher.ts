/**
 * The order matcher (docs/decisions/0009-trading-rules.md). Runs every second on the app clock
 * while a market is open (and directly from tests and the test-clock endpoint). Per open market it
 * reads the live price of every code with live orders, asks the database for the orders that must
 * act at those prices, and handles each in its own transaction:
 *   - a pending order fills (order-triggers.ts, issue 13): a limit crossed at its limit, a stop or OCO stop leg
 *     whose trigger is reached at the price (a stop-limit then waits as a limit order), a market order that
 *     waited for the open at the opening price (order hold → margin hold at the fill price + fee; unfunded:
 *     cancelled); only while valid (valid_until null or not before the session's date);
 *   - a position "preparing to close" is settled at the market price;
 *   - a holding position whose equity fell below maintenance_ratio × margin is closed at market
 *     (margin call) and the user gets an inbox message;
 *   - a holding position whose take profit or stop loss is reached is closed at market (closed_by take_profit /
 *     stop_loss, inbox) when it may be closed now (exit-guard.ts: T+1, lock-up, lent shares, not day trades).
 * Every fill and close also writes its fill notice (fill-notice.ts) to the inbox in its transaction, mailed to the
 * owner after the commit (`notices`; a mail failure changes nothing).
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
import { getHouseAccountId, lockUserAccounts, postTransaction, voidHold } from '../ledger/ledger-repository';
import { moneyTx } from '../ledger/money-tx';
import { MARKET_IDS, marketClock, type MarketId } from '../market/calendar';
import type { MarketDataProvider } from '../market/provider';
import { closeFee, marginCallDue, realisedPnl, settle } from './trade-math';
import { feeRevenueAccount, positionById, readRules, STATUS, type PositionRow } from './trade-repository';
import { dueOrders, liveCodes, settleClose } from './positions-repository';
import { tradeDateAt } from './t-plus-one';
import { exitReached } from './order-rules';
import { exitValues, fillPending } from './order-triggers';
import { closableNow, exitOf } from './exit-guard';
import { fillNotice, mailFill, type FillNames, type FillTold } from './fill-notice';
import type { NoticeMailer } from '../mail/notice-mail';

export interface MatcherContext {
  db: Database;
  now: () => Date;
  provider: MarketDataProvider;
  /** Mails each fill's notice once its transaction committed (issue 33 point 3). */
  notices?: NoticeMailer;
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
  /** Stop-limit orders triggered (not filled in the same pass). */
  triggered: number;
  /** Orders cancelled at fill: the balance could not cover the fill (issue 13). */
  unfunded: number;
  /** Positions closed by their take profit or stop loss (issue 13). */
  exits: number;
}

/** Memo of the labelled journal transaction that pays a loss beyond the account. */
export const PROTECTION_MEMO = 'Negative-balance protection: the loss beyond your balance is paid by the house';

export type SettleReason = 'user' | 'margin_call' | 'take_profit' | 'stop_loss';

/**
 * Settles a position at `price`: from "preparing to close" (reason user) or from holding when a
 * margin call is due (reason margin_call) or its take profit / stop loss is reached (issue 13). Undefined when
 * the position is not (any longer) in that state or, for a margin call, no longer below maintenance, or, for an
 * exit, no longer reached or the position may not be closed now (T+1, lock-up, lent shares).
 */
export async function settlePosition(
  tx: Tx,
  id: bigint,
  price: Decimal,
  at: Date,
  reason: SettleReason,
  maintenanceRatio: Decimal,
  fills: { names?: FillNames; told?: FillTold[] } = {},
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
  const exit = reason === 'take_profit' ? row.takeProfit : reason === 'stop_loss' ? row.stopLoss : null;
  if (
    (reason === 'take_profit' || reason === 'stop_loss') &&
    (exitReached(row.direction, row, price) !== reason || !(await closableNow(tx, row, at)))
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
        `${reason === 'user' ? '' : `${reason.replace('_', ' ')}: `}close ${row.direction} ${row.code} ` +
        `×${quantity.toFixed()} @ ${price.toFixed()} (bought @ ${new Decimal(row.buyPrice).toFixed()})`,
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
  // The close's fill notice (fill-notice.ts) first: the message saying why (an exit, a margin call) reads on top.
  const notice = fillNotice(row, { kind: 'close', price, quantity, fee: result.fee, at }, fills.names);
  await notify(tx, userId, notice, at);
  fills.told?.push({ userId, notice });
  if (exit !== null)
    await notify(
      tx,
      userId,
      { key: reason as 'take_profit', values: exitValues(row, exit, price, pnl, result.fee) },
      at,
    );
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

export function createMatcher({ db, now, provider, notices }: MatcherContext) {
  let running: Promise<MatchReport> | undefined;
  const hooks: SettleHook[] = [];

  /** Runs one fill's transaction, then mails the fill notices it committed (never awaited by the money). */
  const withFills = async <T>(work: (tx: Tx, told: FillTold[]) => Promise<T>): Promise<T> => {
    let told: FillTold[] = [];
    const result = await moneyTx(db, (tx) => {
      told = []; // a retried attempt starts over
      return work(tx, told);
    });
    for (const fill of told) await mailFill(db, notices, fill);
    return result;
  };

  /** settlePosition with the hooks around it, in one transaction. */
  const settleInTx = (id: bigint, price: Decimal, at: Date, reason: SettleReason, ratio: Decimal) =>
    withFills(async (tx, told) => {
      const states = [];
      for (const hook of hooks) states.push(await hook.before(tx, id, at));
      const settled = await settlePosition(tx, id, price, at, reason, ratio, { names: provider, told });
      if (settled) for (const [i, hook] of hooks.entries()) await hook.after(tx, id, at, states[i]);
      return settled;
    });

  /** Per market, the database's write count when it last had nothing live (PGlite only: Database.writes). */
  const quiet = new Map<MarketId, number>();

  const runMarket = async (market: MarketId, at: Date, report: MatchReport): Promise<void> => {
    // A market with nothing live has nothing due at any price until something is written: on the embedded database
    // (the only writer is this process) the pass skips its read until the write count moves. The read costs about
    // 10 ms of CPU a second on an idle server otherwise (bench/MEASUREMENTS.md, issue 15). Read before the
    // transaction: a write finishing after this moves the count, so it is never missed.
    const writes = db.writes?.();
    if (writes !== undefined && quiet.get(market) === writes) return;
    // One read-only transaction for the codes, the rules and the due rows (fixed round trips per tick count).
    const read = await db.tx(
      async (tx) => {
        const codes = await liveCodes(tx, market);
        if (codes.length === 0) return undefined;
        const prices = codes.flatMap(({ code }) => {
          const price = provider.lastPrice(market, code);
          return price === undefined ? [] : [{ code, price }];
        });
        const rules = await readRules(tx);
        const due = await dueOrders(tx, market, prices, rules.maintenanceRatio.toFixed(), tradeDateAt(market, at), at);
        return { rules, due };
      },
      { readOnly: true },
    );
    if (!read) {
      if (writes !== undefined) quiet.set(market, writes);
      return;
    }
    quiet.delete(market);
    const { rules, due } = read;
    for (const order of due) {
      const price = new Decimal(order.price);
      const id = BigInt(order.id);
      const ratio = rules.maintenanceRatio;
      if (order.status === STATUS.pending) {
        const outcome = await withFills((tx, told) => fillPending(tx, id, order.action, price, at, provider, told));
        if (outcome === 'filled') report.filled += 1;
        else if (outcome === 'unfunded') report.unfunded += 1;
        else if (outcome === 'triggered') report.triggered += 1;
      } else if (order.action === 'close') {
        if (await settleInTx(id, price, at, 'user', ratio)) report.closed += 1;
      } else if (order.action === 'margin_call') {
        if (await settleInTx(id, price, at, 'margin_call', ratio)) report.marginCalls += 1;
      } else {
        const reason = await db.tx(async (tx) => exitOf(tx, id, price), { readOnly: true });
        if (reason && (await settleInTx(id, price, at, reason, ratio))) report.exits += 1;
      }
    }
  };

  const runOnce = async (): Promise<MatchReport> => {
    const at = now();
    const report: MatchReport = { filled: 0, closed: 0, marginCalls: 0, triggered: 0, unfunded: 0, exits: 0 };
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
