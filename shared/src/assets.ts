/**
 * The asset formula of spec §4, used by the server (getUserinfo) and by the side panel (from the
 * spec §7 list calls), so both always agree:
 *   frozen = subscribed new shares + pending withdrawals + active copy-trades + credit orders + cost of holdings
 * where cost of holdings includes positions preparing to close and the money pending limit orders hold.
 *   total  = available + frozen
 */
import Decimal from 'decimal.js';

type Amount = string | null | undefined;
const amount = (v: Amount) =>
  v === undefined || v === null || v === '' || v === '-' ? new Decimal(0) : new Decimal(v);

export interface AssetLists {
  /** /trade/usernewstocklist: status 1 counts, rjmoney. */
  newStocks: ReadonlyArray<{ status: number; rjmoney: string }>;
  /** /user/withdrawallist: status 0 (pending) counts, money. */
  withdrawals: ReadonlyArray<{ status: number; money: string }>;
  /** /trade/userproductlist: status 0 (active) counts, money. */
  products: ReadonlyArray<{ status: number; money: string }>;
  /** /trade/ustockslist: status 0 counts, credit. */
  credits: ReadonlyArray<{ status: number; credit: string }>;
  /**
   * /trade/userstocklist list values: status 0 (holding) counts; cost is the money the position holds
   * (margin + fee).
   */
  holdings: ReadonlyArray<{ status: number; cost?: string; buy_price: string; stock_num: string }>;
  /** /trade/userstocklist pending_frozen: money held by pending limit orders (margin plus fee). */
  pendingOrdersFrozen?: string;
}

export interface AssetSummary {
  frozen: string;
  total: string;
}

/** Frozen money by the parts of spec §4 (plus pending limit orders), as decimals. */
export interface FrozenParts {
  newShares: Decimal;
  withdrawals: Decimal;
  copyTrades: Decimal;
  creditOrders: Decimal;
  holdings: Decimal;
  pendingOrders: Decimal;
}

export function computeFrozenParts(lists: AssetLists): FrozenParts {
  const sum = <T>(rows: ReadonlyArray<T>, counts: (row: T) => boolean, value: (row: T) => Decimal) =>
    rows.reduce((total, row) => (counts(row) ? total.plus(value(row)) : total), new Decimal(0));
  return {
    newShares: sum(
      lists.newStocks,
      (o) => o.status === 1,
      (o) => amount(o.rjmoney),
    ),
    withdrawals: sum(
      lists.withdrawals,
      (w) => w.status === 0,
      (w) => amount(w.money),
    ),
    copyTrades: sum(
      lists.products,
      (p) => p.status === 0,
      (p) => amount(p.money),
    ),
    creditOrders: sum(
      lists.credits,
      (c) => c.status === 0,
      (c) => amount(c.credit),
    ),
    // Holding (0) and preparing to close (1) both hold their money until the close fills.
    holdings: sum(
      lists.holdings,
      (h) => h.status === 0 || h.status === 1,
      (h) => (h.cost !== undefined ? amount(h.cost) : amount(h.buy_price).times(amount(h.stock_num))),
    ),
    pendingOrders: amount(lists.pendingOrdersFrozen),
  };
}

export function computeFrozen(lists: AssetLists): Decimal {
  const parts = computeFrozenParts(lists);
  return Object.values(parts).reduce((total: Decimal, part: Decimal) => total.plus(part), new Decimal(0));
}

/** Total assets = available + frozen (spec §4), as wire strings. */
export function computeAssets(available: string, lists: AssetLists): AssetSummary {
  const frozen = computeFrozen(lists);
  return { frozen: frozen.toFixed(), total: amount(available).plus(frozen).toFixed() };
}
