/**
 * The order matcher (docs/decisions/0009-trading-rules.md). Runs every second on the app clock
 * while a market is open (and directly from tests and the test-clock endpoint). Per open market it
 * reads the live price of every code with live orders, asks the database for the orders that must
 * act at those prices, and handles each settlement in its own transaction, then the pending orders in batches of
 * FILL_BATCH per transaction (order-batch.ts, issue 37; a batch that fails goes order by order instead):
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
 * Settlement (settle-position.ts) releases the margin, books the P&L against the house 'trading' account and the
 * closing fee to the user's fee-revenue shard; a loss beyond the user's money is paid by the house 'protection'
 * account in a labelled journal transaction (negative-balance protection), so no balance goes
 * negative. Every step is a conditional UPDATE (`WHERE status = …`), so two matchers (two server
 * instances, or a timer and a test) never act twice on one order. A settlement hook (`onSettle`, registered
 * by day trading) runs inside each settlement's transaction: `before` first (it takes its locks before the
 * matcher's, in the order the hook's own writers take them), `after` once the position settled.
 */
import { Decimal } from 'shared/money';
import type { Database, Tx } from '../../db/database';
import { moneyTx } from '../ledger/money-tx';
import { MARKET_IDS, marketClock, type MarketId } from '../market/calendar';
import type { MarketDataProvider } from '../market/provider';
import { readRules, STATUS } from './trade-repository';
import { dueOrders, liveCodes } from './positions-repository';
import { tradeDateAt } from './t-plus-one';
import { fillPending } from './order-triggers';
import { fillPendingBatch, type BatchReport } from './order-batch';
import { exitOf } from './exit-guard';
import { mailOwner } from '../mail/owner-mail';
import type { FillTold } from './fill-notice';
import type { NoticeMailer } from '../mail/notice-mail';
import { settlePosition, type SettleReason } from './settle-position';

export { PROTECTION_MEMO, settlePosition, type SettleReason } from './settle-position';

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

/** What one matcher's passes share: its context, the settlement hooks and the markets found quiet. */
interface MatcherDeps extends MatcherContext {
  hooks: SettleHook[];
  /** Per market, the database's write count when it last had nothing live (PGlite only: Database.writes). */
  quiet: Map<MarketId, number>;
}

/** Runs one fill's transaction, then mails the fill notices it committed (never awaited by the money). */
async function withFills<T>({ db, notices }: MatcherDeps, work: (tx: Tx, told: FillTold[]) => Promise<T>): Promise<T> {
  let told: FillTold[] = [];
  const result = await moneyTx(db, (tx) => {
    told = []; // a retried attempt starts over
    return work(tx, told);
  });
  for (const fill of told) await mailOwner(db, notices, fill.userId, fill.notice);
  return result;
}

/** settlePosition with the hooks around it, in one transaction. */
const settleInTx = (deps: MatcherDeps, id: bigint, price: Decimal, at: Date, reason: SettleReason, ratio: Decimal) =>
  withFills(deps, async (tx, told) => {
    const states = [];
    for (const hook of deps.hooks) states.push(await hook.before(tx, id, at));
    const settled = await settlePosition(tx, id, price, at, reason, ratio, { names: deps.provider, told });
    if (settled) for (const [i, hook] of deps.hooks.entries()) await hook.after(tx, id, at, states[i]);
    return settled;
  });

/** One read-only transaction for the codes, the rules and the due rows (fixed round trips per tick count). */
function readDue({ db, provider }: MatcherDeps, market: MarketId, at: Date) {
  return db.tx(
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
}

type DueOrder = Awaited<ReturnType<typeof dueOrders>>[number];

/** Pending orders filled per transaction (issue 37): a chunk's statements stay small, a failed chunk is short. */
export const FILL_BATCH = 500;

/** Acts on one due row in its own transaction and counts what it did in `report`. */
async function actOn(deps: MatcherDeps, order: DueOrder, at: Date, ratio: Decimal, report: MatchReport) {
  const price = new Decimal(order.price);
  const id = BigInt(order.id);
  if (order.status === STATUS.pending) {
    const outcome = await withFills(deps, (tx, told) =>
      fillPending(tx, id, order.action, price, at, deps.provider, told),
    );
    if (outcome === 'filled') report.filled += 1;
    else if (outcome === 'unfunded') report.unfunded += 1;
    else if (outcome === 'triggered') report.triggered += 1;
  } else if (order.action === 'close') {
    if (await settleInTx(deps, id, price, at, 'user', ratio)) report.closed += 1;
  } else if (order.action === 'margin_call') {
    if (await settleInTx(deps, id, price, at, 'margin_call', ratio)) report.marginCalls += 1;
  } else {
    const reason = await deps.db.tx(async (tx) => exitOf(tx, id, price), { readOnly: true });
    if (reason && (await settleInTx(deps, id, price, at, reason, ratio))) report.exits += 1;
  }
}

async function runMarket(deps: MatcherDeps, market: MarketId, at: Date, report: MatchReport): Promise<void> {
  // A market with nothing live has nothing due at any price until something is written: on the embedded database
  // (the only writer is this process) the pass skips its read until the write count moves. The read costs about
  // 10 ms of CPU a second on an idle server otherwise (bench/MEASUREMENTS.md, issue 15). Read before the
  // transaction: a write finishing after this moves the count, so it is never missed.
  const writes = deps.db.writes?.();
  if (writes !== undefined && deps.quiet.get(market) === writes) return;
  const read = await readDue(deps, market, at);
  if (!read) {
    if (writes !== undefined) deps.quiet.set(market, writes);
    return;
  }
  deps.quiet.delete(market);
  const { rules, due } = read;
  // Closes, margin calls and exits first (each its own transaction), then the pending orders in batches: money a
  // settlement frees can fund a fill of the same pass.
  const pending = due.filter((order) => order.status === STATUS.pending);
  for (const order of due)
    if (order.status !== STATUS.pending) await actOn(deps, order, at, rules.maintenanceRatio, report);
  for (let start = 0; start < pending.length; start += FILL_BATCH)
    await fillChunk(deps, pending.slice(start, start + FILL_BATCH), at, rules.maintenanceRatio, report);
}

/**
 * One batch of pending orders in one transaction (order-batch.ts). Should the batch fail (a row changed under its
 * lock, a bad order), it rolled back whole and its orders go one by one, each in its own transaction, so one bad
 * order never holds the others back.
 */
async function fillChunk(deps: MatcherDeps, chunk: DueOrder[], at: Date, ratio: Decimal, report: MatchReport) {
  let done: BatchReport;
  try {
    done = await withFills(deps, (tx, told) =>
      fillPendingBatch(
        tx,
        chunk.map((order) => ({ ...order, id: String(order.id), userId: String(order.userId) })),
        at,
        deps.provider,
        told,
      ),
    );
  } catch {
    for (const order of chunk) await actOn(deps, order, at, ratio, report);
    return;
  }
  report.filled += done.filled;
  report.unfunded += done.unfunded;
  report.triggered += done.triggered;
}

async function runPass(deps: MatcherDeps): Promise<MatchReport> {
  const at = deps.now();
  const report: MatchReport = { filled: 0, closed: 0, marginCalls: 0, triggered: 0, unfunded: 0, exits: 0 };
  for (const market of MARKET_IDS) {
    if (marketClock(market, at.getTime()).status !== 'open') continue;
    await runMarket(deps, market, at, report);
  }
  return report;
}

export function createMatcher(context: MatcherContext) {
  const deps: MatcherDeps = { ...context, hooks: [], quiet: new Map() };
  let running: Promise<MatchReport> | undefined;

  return {
    /** One pass over every open market (a call made during a pass waits for it, then runs its own). */
    async runOnce(): Promise<MatchReport> {
      if (running) await running.catch(() => undefined);
      running = runPass(deps);
      try {
        return await running;
      } finally {
        running = undefined;
      }
    },
    /** Registers a settlement hook (day trading re-holds a participation when one of its positions settles). */
    onSettle(hook: SettleHook): void {
      deps.hooks.push(hook);
    },
    /** True while any market is in a session at the app clock (the timer does nothing otherwise). */
    anyMarketOpen(): boolean {
      const at = deps.now().getTime();
      return MARKET_IDS.some((market) => marketClock(market, at).status === 'open');
    },
  };
}

export type Matcher = ReturnType<typeof createMatcher>;
