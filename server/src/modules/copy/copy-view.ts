/**
 * Copy-trading rows as the wire shows them, valued from the market data: a NavBook reads each
 * product's daily candles from the market-data provider once per call and answers its unit-value
 * series (nav.ts); products and orders take their NAV, returns and profits from it, never from a
 * stored or typed number (an ended order shows what its redemption booked).
 */
import type { CopyOrder, CopyProduct } from 'shared/contract';
import type { I18nLang } from 'shared/messages';
import { Decimal, MARKET_CURRENCY, MINOR_UNITS, roundMoney, type Currency } from 'shared/money';
import type { MarketDataProvider } from '../market/provider';
import { navSeries, tradingDaysSince, unitsFor, type NavPoint } from './nav';
import type { HoldingRow, OrderRow, ProductRow } from './copy-repository';
import { iso } from '../wire/wire';

/** Past return period shown on the list (calendar days back from the last value). */
export const PAST_RETURN_DAYS = 30;

type Texts = Record<string, string> | null | undefined;
export const textIn = (texts: Texts, lang: I18nLang, fallback = ''): string =>
  texts?.[lang] ?? texts?.en ?? texts?.['zh-CN'] ?? fallback;

const money = (value: Decimal.Value, currency: Currency) =>
  new Decimal(value).toFixed(MINOR_UNITS[currency], Decimal.ROUND_HALF_EVEN);

export interface NavBook {
  series(product: ProductRow, holdings: readonly HoldingRow[]): NavPoint[];
}

/** A per-call cache of product series over the provider's daily candles (the clock's view of them). */
export function createNavBook(provider: Pick<MarketDataProvider, 'candles'>, now: () => Date): NavBook {
  const cache = new Map<bigint, NavPoint[]>();
  return {
    series(product, holdings) {
      const hit = cache.get(product.id);
      if (hit) return hit;
      const limit = tradingDaysSince(product.market, product.baseDate, now()) + 1;
      const closes: Record<string, Array<{ date: string; close: string }>> = {};
      for (const h of holdings) closes[h.code] = provider.candles(product.market, h.code, 'day', limit) ?? [];
      const points = navSeries(
        holdings.map((h) => ({ code: h.code, weight: h.weight })),
        closes,
        product.baseDate,
      );
      cache.set(product.id, points);
      return points;
    },
  };
}

export const navOn = (points: readonly NavPoint[], date: string): string | undefined =>
  points.find((p) => p.date === date)?.nav;

export function productState(product: ProductRow, at: Date): CopyProduct['state'] {
  if (product.offShelfAt) return 'off_shelf';
  return at >= product.deadline ? 'closed' : 'open';
}

export function productToWire(product: ProductRow, points: readonly NavPoint[], lang: I18nLang, at: Date): CopyProduct {
  const last = points[points.length - 1] ?? { date: product.baseDate, nav: '1.000000' };
  const fromDate = new Date(Date.parse(`${last.date}T00:00:00Z`) - PAST_RETURN_DAYS * 86_400_000)
    .toISOString()
    .slice(0, 10);
  const then = [...points].reverse().find((p) => p.date <= fromDate) ?? points[0] ?? last;
  const pastReturn = new Decimal(last.nav).dividedBy(then.nav).minus(1).times(100);
  return {
    id: Number(product.id),
    product_name: textIn(product.names, lang),
    issuer: textIn(product.issuers, lang),
    strategy: textIn(product.strategies, lang),
    market: product.market,
    currency: product.currency,
    lockup_days: product.lockupDays,
    min_investment: money(product.minInvestment, product.currency),
    deadline: product.deadline.toISOString(),
    capacity: money(product.capacity, product.currency),
    capacity_left: money(new Decimal(product.capacity).minus(product.raised), product.currency),
    on_shelf: product.offShelfAt === null,
    state: productState(product, at),
    base_date: product.baseDate,
    nav: last.nav,
    nav_date: last.date,
    past_return: pastReturn.toFixed(2, Decimal.ROUND_HALF_UP),
    past_return_days: PAST_RETURN_DAYS,
    past_return_from: then.date,
  };
}

export interface OrderValue {
  state: CopyOrder['state'];
  units: Decimal | null;
  buyNav: string | null;
  nav: string;
  value: Decimal;
  dailyProfit: Decimal;
  totalProfit: Decimal;
}

/** An active order's value at the clock from its product's series (following: the principal, no profit). */
export function valueOf(order: OrderRow, points: readonly NavPoint[], at: Date): OrderValue {
  const currency = order.currency;
  const last = points[points.length - 1];
  const amount = new Decimal(order.money);
  const buyNav = order.buyNav ?? (order.startedOn ? navOn(points, order.startedOn) : undefined);
  const priced = order.startsAt !== null && at >= order.startsAt && buyNav !== undefined;
  if (!priced || !last) {
    const nav = last?.nav ?? '1.000000';
    return { state: 'following', units: null, buyNav: null, nav, value: amount, dailyProfit: z, totalProfit: z };
  }
  const units = order.units ? new Decimal(order.units) : unitsFor(amount, buyNav);
  const value = roundMoney(units.times(last.nav), currency);
  const previous = points[points.length - 2];
  const dailyProfit =
    !previous || last.date <= order.startedOn!
      ? z
      : roundMoney(units.times(new Decimal(last.nav).minus(previous.nav)), currency);
  // Spec §4's lock-up: the units are held until the close of the lock-up's last day (redeemAt) on the app clock;
  // past it the order is in progress until the redemption job books it (it waits for that day's unit value).
  const locked = order.redeemAt === null || at < order.redeemAt;
  return {
    state: locked ? 'lockup' : 'in_progress',
    units,
    buyNav,
    nav: last.nav,
    value,
    dailyProfit,
    totalProfit: value.minus(amount),
  };
}
const z = new Decimal(0);

export function orderToWire(
  order: OrderRow,
  product: ProductRow | undefined,
  points: readonly NavPoint[],
  lang: I18nLang,
  at: Date,
): CopyOrder {
  const currency = order.currency;
  const ended = order.status !== 0;
  const v: OrderValue = ended
    ? {
        state: 'ended',
        units: order.units ? new Decimal(order.units) : null,
        buyNav: order.buyNav,
        nav: order.redeemedNav ?? '0',
        value: new Decimal(order.redeemedAmount ?? 0),
        dailyProfit: new Decimal(order.dailyProfit),
        totalProfit: new Decimal(order.totalProfit),
      }
    : valueOf(order, points, at);
  return {
    id: String(order.id),
    order_no: order.orderNo,
    product_id: Number(order.productId ?? 0),
    status: ended ? 1 : 0,
    state: v.state,
    market: order.market ?? (product?.market as CopyOrder['market']) ?? marketOf(currency),
    currency,
    money: ended ? '0' : money(order.money, currency),
    product_name: product ? textIn(product.names, lang) : order.productName,
    issuer: product ? textIn(product.issuers, lang) : order.issuer,
    lock_days: order.lockDays,
    min_investment: money(order.minInvestment, currency),
    deadline: iso(order.deadline) ?? '',
    amount: money(order.money, currency),
    units: v.units ? v.units.toFixed(8) : null,
    buy_nav: v.buyNav,
    nav: v.nav,
    value: money(v.value, currency),
    daily_profit: money(v.dailyProfit, currency),
    total_profit: money(v.totalProfit, currency),
    started_on: order.startedOn,
    lock_ends_on: order.lockEndsOn,
    redeemed_amount: order.redeemedAmount === null ? null : money(order.redeemedAmount, currency),
    created_at: order.createdAt.toISOString(),
    ended_at: iso(order.endedAt),
  };
}

function marketOf(currency: Currency): CopyOrder['market'] {
  const found = (Object.entries(MARKET_CURRENCY) as Array<[CopyOrder['market'], Currency]>).find(
    ([, c]) => c === currency,
  );
  return found ? found[0] : 'jpy';
}
