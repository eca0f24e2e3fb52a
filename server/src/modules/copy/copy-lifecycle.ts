/**
 * The clock-driven steps of a follow order (run by the background-job runner, copy-jobs.ts):
 *   price:   once its pricing close passed, an order's units = principal ÷ that close's unit value;
 *   accrue:  the nightly valuation writes each priced order's daily and total profit (one UPDATE per
 *            product, copy-repository `accrueProduct`);
 *   redeem:  once the close of its lock-up end passed, the units are sold at that close's unit value:
 *            the hold released and the profit or loss booked against the house 'copy_trading' account
 *            in the same transaction (balanced), capacity given back, the inbox told.
 * Each order is claimed FOR UPDATE SKIP LOCKED in the transaction that handles it and ends with a
 * conditional UPDATE, so every step happens once however many instances run it.
 */
import { Decimal, MINOR_UNITS, roundMoney } from 'shared/money';
import type { Database, Tx } from '../../db/database';
import { notify } from '../inbox/inbox-service';
import { getHouseAccountId, lockUserAccounts, postTransaction, voidHold } from '../ledger/ledger-repository';
import { moneyTx } from '../ledger/money-tx';
import { formatAmount } from '../wire/wire';
import {
  accrueProduct,
  claimDueRedemptions,
  claimUnpriced,
  getProduct,
  holdingsOf,
  markRedeemed,
  productsToAccrue,
  releaseCapacity,
  setUnits,
  type OrderRow,
} from './copy-repository';
import { navOn, textIn, type NavBook } from './copy-view';
import { dayOfDate } from '../market/calendar';
import { closeOf, unitsFor, type NavPoint } from './nav';

const BATCH = 200;

async function seriesOf(tx: Tx, navs: NavBook, productId: bigint) {
  const product = await getProduct(tx, productId);
  if (!product) throw new Error(`copy product ${productId} is missing`);
  const holdings = (await holdingsOf(tx, [productId])).get(productId) ?? [];
  return { product, points: navs.series(product, holdings) };
}

/** Writes the units of orders whose pricing close passed. Answers how many. */
export async function priceDue(db: Database, navs: NavBook, at: Date): Promise<number> {
  return moneyTx(db, async (tx) => {
    let n = 0;
    for (const order of await claimUnpriced(tx, at, BATCH)) {
      if (order.productId === null || !order.startedOn) continue;
      const { points } = await seriesOf(tx, navs, order.productId);
      const nav = navOn(points, order.startedOn);
      if (!nav) continue;
      await setUnits(tx, order.id, unitsFor(order.money, nav).toFixed(), nav);
      n += 1;
    }
    return n;
  });
}

/** What a redemption books, from the series alone (pure). */
export function redemptionOf(order: OrderRow, points: readonly NavPoint[]) {
  const buyNav = order.buyNav ?? navOn(points, order.startedOn ?? '');
  const nav = navOn(points, order.lockEndsOn ?? '');
  if (!buyNav || !nav) return undefined;
  const units = order.units ? new Decimal(order.units) : unitsFor(order.money, buyNav);
  const amount = roundMoney(units.times(nav), order.currency);
  const before = [...points].reverse().find((p) => p.date < order.lockEndsOn! && p.date >= order.startedOn!);
  const daily = before ? roundMoney(units.times(new Decimal(nav).minus(before.nav)), order.currency) : new Decimal(0);
  return { units, buyNav, nav, amount, profit: amount.minus(order.money), daily };
}

/** Redeems the orders whose lock-up ended (their last close passed). Answers how many. */
export async function redeemDue(db: Database, navs: NavBook, at: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const done = await moneyTx(db, async (tx) => {
      const claimed = await claimDueRedemptions(tx, at, 1);
      const order = claimed[0];
      if (!order) return undefined;
      return (await redeemOne(tx, navs, order, at)) ? 1 : 0;
    });
    if (done === undefined) return total;
    total += done;
    if (done === 0) return total;
  }
}

async function redeemOne(tx: Tx, navs: NavBook, order: OrderRow, at: Date): Promise<boolean> {
  const { product, points } = await seriesOf(tx, navs, order.productId!);
  const r = redemptionOf(order, points);
  if (!r) return false;
  const currency = order.currency;
  // Lock order as a follow's: the product row (capacity), then the user's accounts.
  await releaseCapacity(tx, product.id, order.money);
  const accounts = await lockUserAccounts(tx, order.userId, [currency]);
  if (order.holdId !== null) await voidHold(tx, order.holdId, at);
  if (!r.profit.isZero()) {
    const house = await getHouseAccountId(tx, 'copy_trading', currency);
    await postTransaction(tx, {
      kind: 'copy_trade',
      reference: order.orderNo,
      memo: `copy-trading redemption: ${r.units.toFixed()} units × ${r.nav} (bought at ${r.buyNav})`,
      at,
      entries: [
        { accountId: accounts.get(currency)!.id, currency, amount: r.profit.toFixed() },
        { accountId: house, currency, amount: r.profit.negated().toFixed() },
      ],
    });
  }
  const ok = await markRedeemed(
    tx,
    order.id,
    {
      units: r.units.toFixed(),
      buyNav: r.buyNav,
      nav: r.nav,
      amount: r.amount.toFixed(),
      dailyProfit: r.daily.toFixed(),
      totalProfit: r.profit.toFixed(),
    },
    at,
  );
  if (!ok) throw new Error(`copy order ${order.id} was redeemed twice`);
  await notify(
    tx,
    order.userId,
    {
      key: 'copy_redeemed',
      values: {
        product: textIn(product.names, 'en'),
        amount: formatAmount(order.money, currency),
        returned: formatAmount(r.amount, currency),
        profit: formatAmount(r.profit, currency),
        lock_ends_on: order.lockEndsOn ?? '',
      },
    },
    at,
  );
  return true;
}

/** The nightly valuation: each product's priced active orders valued at its last closed day. */
export async function accrueDue(db: Database, navs: NavBook, at: Date): Promise<number> {
  return moneyTx(db, async (tx) => {
    let n = 0;
    const today = at.toISOString().slice(0, 10);
    for (const id of await productsToAccrue(tx, today)) {
      const { product, points } = await seriesOf(tx, navs, id);
      const closed = points.filter((p) => closeOf(product.market, dayOfDate(p.date)) <= at.getTime());
      const last = closed[closed.length - 1];
      const previous = closed[closed.length - 2] ?? last;
      if (!last || !previous) continue;
      n += await accrueProduct(tx, id, {
        date: last.date,
        nav: last.nav,
        previousNav: previous.nav,
        scale: MINOR_UNITS[product.currency],
      });
    }
    return n;
  });
}
