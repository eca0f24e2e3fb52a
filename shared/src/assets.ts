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
  /** /trade/userstocklist list values: status 0 (holding) counts; cost is the money the position holds (margin + fee). */
  holdings: ReadonlyArray<{ status: number; cost?: string; buy_price: string; stock_num: string }>;
  /** /trade/userstocklist pending_frozen: money held by pending limit orders (margin plus fee). */
  pendingOrdersFrozen?: string;
}

export interface AssetSummary {
  frozen: string;
  total: string;
}

export function computeFrozen(lists: AssetLists): Decimal {
  let frozen = new Decimal(0);
  for (const o of lists.newStocks) if (o.status === 1) frozen = frozen.plus(amount(o.rjmoney));
  for (const w of lists.withdrawals) if (w.status === 0) frozen = frozen.plus(amount(w.money));
  for (const p of lists.products) if (p.status === 0) frozen = frozen.plus(amount(p.money));
  for (const c of lists.credits) if (c.status === 0) frozen = frozen.plus(amount(c.credit));
  // Holding (0) and preparing to close (1) both hold their money until the close fills.
  for (const h of lists.holdings) {
    if (h.status !== 0 && h.status !== 1) continue;
    frozen = frozen.plus(h.cost !== undefined ? amount(h.cost) : amount(h.buy_price).times(amount(h.stock_num)));
  }
  return frozen.plus(amount(lists.pendingOrdersFrozen));
}

/** Total assets = available + frozen (spec §4), as wire strings. */
export function computeAssets(available: string, lists: AssetLists): AssetSummary {
  const frozen = computeFrozen(lists);
  return { frozen: frozen.toFixed(), total: amount(available).plus(frozen).toFixed() };
}
