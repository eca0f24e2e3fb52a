/**
 * The matcher's fills of many pending orders in one transaction (issue 37: the open, when thousands of orders that
 * waited overnight fill at once). The same rules as the per-order path (order-triggers.ts fillPending), which stays
 * the reference for correctness (order-batch.property.test.ts runs one random order book through both):
 *  1. lock: every ledger account of the batch's users (in id order, as every writer locks one user's), then the
 *     orders (in id order), re-read under the locks: an order no longer pending (another matcher filled it, its owner
 *     cancelled it) or no longer valid in the session is left alone;
 *  2. plan, in JavaScript, order by order in id order: the fill price and leg (fillPriceOf: a stop-limit reached is
 *     triggered, and fills at once when its limit is crossed), the margin and fee at the fill price, and the funding
 *     against the account's running balance (available + the order's own hold): unfunded → cancelled;
 *  3. write each kind of row for the whole batch in one statement (order-batch-writes.ts): holds voided, stop-limits
 *     marked triggered, unfunded orders cancelled, margin holds placed, fees journaled, positions filled, inbox rows
 *     (the fill notice first, then the leg's or trigger's message, as fillPending writes them).
 * Every statement checks it changed every row it planned, so a batch is all or nothing: the caller runs it in one
 * transaction and, should it fail, falls back to the per-order path for its orders (matcher.ts).
 */
import { Decimal, type Currency } from 'shared/money';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { queryRows } from '../../db/query';
import { notifyMany, type InboxNotice } from '../inbox/inbox-service';
import type { MarketId } from '../market/calendar';
import type { MarketDataProvider } from '../market/provider';
import { fillNotice, type FillTold } from './fill-notice';
import {
  cancelUnfunded,
  feeShards,
  fillPositions,
  journalFees,
  lockAccountsOf,
  markAllTriggered,
  placeMarginHolds,
  voidHolds,
  type FeePosting,
  type PositionFill,
} from './order-batch-writes';
import { fillPriceOf, type Fill } from './order-triggers';
import { sessionOf } from './order-session';
import type { DueAction } from './positions-repository';
import { openFigures } from './trade-math';
import { feeRevenueAccount, POSITION_COLUMNS, STATUS, toPosition, type PositionRow } from './trade-repository';

/** A pending order the matcher found due at `price` (dueOrders). */
export interface DuePending {
  id: string;
  userId: string;
  action: DueAction;
  price: string;
}

export interface BatchReport {
  filled: number;
  unfunded: number;
  /** Stop-limits triggered and left waiting as limit orders. */
  triggered: number;
}

/** A fill planned: the row, how it fills, its figures and the account it is paid from. */
interface PlannedFill {
  row: PositionRow;
  fill: Fill;
  margin: Decimal;
  fee: Decimal;
  accountId: bigint;
  /** Filled by its trigger now (a stop-market, an OCO's stop leg, a stop-limit): triggered_at is set if unset. */
  byTrigger: boolean;
}

interface Plan {
  voids: bigint[];
  triggered: bigint[];
  unfunded: bigint[];
  fills: PlannedFill[];
  notices: Array<{ userId: bigint; notice: InboxNotice }>;
  /** The fill notices, to mail after the commit. */
  told: FillTold[];
  waiting: number;
}

type Provider = Pick<MarketDataProvider, 'sessionOpen' | 'nameOf'>;

/** The orders of the batch, locked in id order. */
async function lockOrders(tx: Tx, ids: readonly string[]): Promise<Map<string, PositionRow>> {
  const rows = await queryRows<PositionRow>(
    tx,
    sql`SELECT ${POSITION_COLUMNS} FROM positions WHERE id = ANY(${`{${ids.join(',')}}`}::bigint[])
        ORDER BY id FOR UPDATE`,
  );
  return new Map(rows.map((row) => [String(row.id), toPosition(row)]));
}

/** How the locked row fills now (a stop-limit reached: triggered first), or why it does not. */
function fillOf(
  row: PositionRow,
  order: DuePending,
  at: Date,
  provider: Provider,
): { fill: Fill; triggered: boolean } | 'triggered' | undefined {
  if (row.status !== STATUS.pending) return undefined;
  if (row.validUntil !== null && row.validUntil < sessionOf(row.market as MarketId, at).tradeDate) return undefined;
  const price = new Decimal(order.price);
  const fill = fillPriceOf(row, order.action, price, at, provider);
  if (fill !== 'trigger') return fill && { fill, triggered: false };
  const limit = fillPriceOf({ ...row, triggeredAt: at }, 'fill_limit', price, at, provider);
  return limit === undefined || limit === 'trigger' ? 'triggered' : { fill: limit, triggered: true };
}

/** The leg's or trigger's message that follows a fill notice, as fillPending writes it. */
function followUp(row: PositionRow, fill: Fill): InboxNotice | undefined {
  const values = { code: row.code, order_no: row.orderNo, price: fill.price.toFixed() };
  if (fill.leg) return { key: fill.leg === 'limit' ? 'oco_limit_filled' : 'oco_stop_filled', values };
  if (row.orderType === 'stop')
    return { key: 'stop_triggered', values: { ...values, trigger: new Decimal(row.triggerPrice!).toFixed() } };
  return undefined;
}

/** Steps 1–2 of the header for `due` (in id order) against the locked accounts and orders. */
function planFills(
  due: readonly DuePending[],
  orders: Map<string, PositionRow>,
  accounts: Map<string, { id: bigint; available: Decimal }>,
  at: Date,
  provider: Provider,
): Plan {
  const plan: Plan = { voids: [], triggered: [], unfunded: [], fills: [], notices: [], told: [], waiting: 0 };
  for (const order of due) {
    const row = orders.get(order.id);
    const how = row && fillOf(row, order, at, provider);
    if (!row || how === undefined) continue;
    const id = BigInt(row.id);
    if (how === 'triggered' || how.triggered) plan.triggered.push(id);
    if (how === 'triggered') {
      plan.waiting += 1;
      continue;
    }
    const { fill, triggered } = how;
    const userId = BigInt(row.userId);
    const account = accounts.get(`${row.userId}/${row.currency}`);
    if (!account) throw new Error(`order ${row.orderNo}: no ${row.currency} account is locked`);
    const quantity = new Decimal(row.stockNum);
    const figures = openFigures(fill.price, quantity, row.leverage, row.feeRate, row.currency);
    plan.voids.push(BigInt(row.holdId!));
    account.available = account.available.plus(row.margin).plus(row.fee);
    const cost = figures.margin.plus(figures.fee);
    if (cost.gt(account.available)) {
      plan.unfunded.push(id);
      const values = { code: row.code, order_no: row.orderNo, price: fill.price.toFixed() };
      plan.notices.push({ userId, notice: { key: 'order_unfunded', values } });
      continue;
    }
    account.available = account.available.minus(cost);
    const byTrigger = triggered || order.action === 'trigger' || fill.leg === 'stop';
    plan.fills.push({ row, fill, margin: figures.margin, fee: figures.fee, accountId: account.id, byTrigger });
    const notice = fillNotice(row, { kind: 'open', price: fill.price, quantity, fee: figures.fee, at }, provider);
    plan.notices.push({ userId, notice });
    plan.told.push({ userId, notice });
    const next = followUp(row, fill);
    if (next) plan.notices.push({ userId, notice: next });
  }
  return plan;
}

/** Step 3 of the header: every write of the plan, a statement per kind of row. */
async function writePlan(tx: Tx, plan: Plan, at: Date): Promise<void> {
  await voidHolds(tx, plan.voids, at);
  await markAllTriggered(tx, plan.triggered, at);
  await cancelUnfunded(tx, plan.unfunded, at);
  const holds = await placeMarginHolds(
    tx,
    plan.fills.map(({ row, margin, accountId }) => ({ accountId, amount: margin.toFixed(), orderNo: row.orderNo })),
    at,
  );
  const shards = plan.fills.some(({ fee }) => !fee.isZero()) ? await feeShards(tx) : new Map<string, bigint>();
  const fees: FeePosting[] = [];
  const fills: PositionFill[] = [];
  for (const { row, fill, margin, fee, accountId, byTrigger } of plan.fills) {
    const currency: Currency = row.currency;
    if (!fee.isZero()) {
      const house = feeRevenueAccount(BigInt(row.userId));
      const houseId = shards.get(`${house}/${currency}`);
      if (houseId === undefined) throw new Error(`house account ${house} ${currency} is missing`);
      const quantity = new Decimal(row.stockNum).toFixed();
      const memo = `open ${row.direction} ${row.code} ×${quantity} @ ${fill.price.toFixed()}`;
      fees.push({ orderNo: row.orderNo, memo, currency, accountId, houseId, fee: fee.toFixed() });
    }
    fills.push({
      id: BigInt(row.id),
      holdId: holds.get(row.orderNo)!,
      price: fill.price.toFixed(),
      margin: margin.toFixed(),
      fee: fee.toFixed(),
      openDate: sessionOf(row.market as MarketId, at).tradeDate,
      leg: fill.leg,
      triggered: byTrigger,
    });
  }
  await journalFees(tx, fees, at);
  await fillPositions(tx, fills, at);
  await notifyMany(tx, plan.notices, at);
}

/**
 * Fills the due pending orders `due` (one market's, at one instant) in the caller's transaction, as the header says;
 * each fill's notice goes to `told`, to mail after the commit.
 */
export async function fillPendingBatch(
  tx: Tx,
  due: readonly DuePending[],
  at: Date,
  provider: Provider,
  told?: FillTold[],
): Promise<BatchReport> {
  if (due.length === 0) return { filled: 0, unfunded: 0, triggered: 0 };
  const sorted = [...due].sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : BigInt(a.id) > BigInt(b.id) ? 1 : 0));
  const locked = await lockAccountsOf(tx, [...new Set(sorted.map((order) => BigInt(order.userId)))]);
  const accounts = new Map(
    locked.map((a) => [`${a.user_id}/${a.currency}`, { id: BigInt(a.id), available: new Decimal(a.available) }]),
  );
  const orders = await lockOrders(
    tx,
    sorted.map((order) => order.id),
  );
  const plan = planFills(sorted, orders, accounts, at, provider);
  await writePlan(tx, plan, at);
  told?.push(...plan.told);
  return { filled: plan.fills.length, unfunded: plan.unfunded.length, triggered: plan.waiting };
}
