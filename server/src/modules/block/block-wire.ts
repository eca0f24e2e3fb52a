/**
 * Block trades on the wire (shared/src/contract/areas/block.ts) and the arithmetic both the
 * application and the listing show: the cost, the discount or premium to the live price, the
 * financing split, and the instant a channel-password lock ends (the end of the market-local day).
 */
import type { BlockApplication, BlockListing } from 'shared/contract';
import type { I18nLang } from 'shared/messages';
import { Decimal, MINOR_UNITS, roundMoney, type Currency } from 'shared/money';
import { dateOf, localTime, localToUtc, type MarketId } from '../market/calendar';
import { iso, wire } from '../wire/wire';
import { closableFrom, tradeDateAt } from '../trade/t-plus-one';
import { lockupEnd } from '../ipo/ipo-listing';
import type { ApplicationRow, ListingRow } from './block-repository';

/** Wrong channel passwords per user per listing per market-local day before it locks. */
export const CHANNEL_PASSWORD_TRIES = 5;
export const APPLICATION_STATES = ['pending', 'approved', 'rejected'] as const;

export interface PriceLookup {
  readonly simulated: boolean;
  lastPrice(market: string, code: string): string | undefined;
  nameOf(market: string, code: string, lang: I18nLang): string | undefined;
}

/** The market-local date of an instant and the instant that day ends (when a lock lifts). */
export function localDay(market: MarketId, at: Date): { date: string; endsAt: Date } {
  const { day } = localTime(market, at.getTime());
  return { date: dateOf(day), endsAt: new Date(localToUtc(market, day + 1, 0)) };
}

/** The money of an application of `lots` lots: cost, and for a financed listing the user's part and fee. */
export function applicationMoney(
  listing: Pick<ListingRow, 'blockPrice' | 'lotSize' | 'leverage' | 'financingRate' | 'financingDays' | 'currency'>,
  lots: number,
) {
  const currency: Currency = listing.currency;
  const shares = new Decimal(lots).times(listing.lotSize);
  const amount = roundMoney(new Decimal(listing.blockPrice).times(shares), currency);
  if (listing.leverage <= 1) return { shares, amount, margin: amount, financed: null, fee: null, held: amount };
  const margin = roundMoney(new Decimal(listing.blockPrice).times(shares).dividedBy(listing.leverage), currency);
  const financed = amount.minus(margin);
  // Interest on the financed part for the financing days, actual/365, rounded down to the minor unit.
  const fee = financed
    .times(listing.financingRate ?? 0)
    .times(listing.financingDays ?? 0)
    .dividedBy(365)
    .toDecimalPlaces(MINOR_UNITS[currency], Decimal.ROUND_DOWN);
  return { shares, amount, margin, financed, fee, held: margin.plus(fee) };
}

/**
 * The market-local date from which a block approved at `approvedAt` may be sold: the end of its lock-up of
 * `lockupDays` calendar days (0033_block_lockup.sql) or China's T+1, whichever is later, as its holding is closed
 * (modules/trade/t-plus-one.ts); null when it may be sold at once.
 */
export function sellableFrom(market: MarketId, approvedAt: Date, lockupDays: number): string | null {
  return closableFrom(market, tradeDateAt(market, approvedAt), lockupEnd(market, approvedAt, lockupDays));
}

/** Closed, withdrawn or past its deadline: block_trade_closed (a sold-out listing is insufficient_buy_quota). */
export function takesNoApplications(row: Pick<ListingRow, 'closedState' | 'deadline'>, now: Date): boolean {
  return row.closedState !== null || row.deadline.getTime() <= now.getTime();
}

/** Why a listing takes no application now (null: it is open). */
export function closedReason(row: ListingRow, now: Date): BlockListing['closed_reason'] {
  if (row.closedState) return row.closedState;
  if (row.deadline.getTime() <= now.getTime()) return 'deadline';
  if (row.lotsTaken >= row.totalLots) return 'sold_out';
  return null;
}

const pct = (value: Decimal) => value.toDecimalPlaces(2, Decimal.ROUND_HALF_EVEN).toFixed(2);

export function listingOf(
  row: ListingRow,
  prices: PriceLookup,
  lang: I18nLang,
  now: Date,
  lockedUntil: Date | null,
): BlockListing {
  const live = prices.lastPrice(row.market, row.code);
  const price = new Decimal(row.blockPrice);
  const reason = closedReason(row, now);
  const lotCost = roundMoney(price.times(row.lotSize), row.currency);
  return {
    id: Number(row.id),
    code: row.code,
    name: prices.nameOf(row.market, row.code, lang) ?? row.code,
    market: row.market,
    currency: row.currency,
    variant: row.variant,
    block_price: wire(row.blockPrice),
    live_price: live === undefined ? null : wire(live),
    premium_pct:
      live === undefined || new Decimal(live).isZero() ? null : pct(price.minus(live).dividedBy(live).times(100)),
    lot_size: row.lotSize,
    min_lots: row.minLots,
    total_lots: row.totalLots,
    lots_left: row.totalLots - row.lotsTaken,
    lot_cost: wire(lotCost),
    min_cost: wire(applicationMoney(row, row.minLots).amount),
    deadline: row.deadline.toISOString(),
    state: reason === null ? 'open' : 'closed',
    closed_reason: reason,
    record_date: row.recordDate,
    dividend_per_share: row.dividendPerShare === null ? null : wire(row.dividendPerShare),
    financed_pct:
      row.leverage > 1 ? pct(new Decimal(1).minus(new Decimal(1).dividedBy(row.leverage)).times(100)) : null,
    financing_rate_pct: row.financingRate === null ? null : pct(new Decimal(row.financingRate).times(100)),
    financing_days: row.financingDays,
    leverage: row.leverage,
    lockup_days: row.lockupDays,
    sellable_from_if_approved_today: sellableFrom(row.market, now, row.lockupDays),
    locked_until: lockedUntil ? lockedUntil.toISOString() : null,
    simulated: prices.simulated,
  };
}

export function applicationOf(row: ApplicationRow, prices: PriceLookup, lang: I18nLang): BlockApplication {
  const money = (value: string | null) => (value === null ? null : wire(value));
  return {
    id: Number(row.id),
    order_no: row.orderNo,
    listing_id: Number(row.listingId),
    code: row.code,
    name: prices.nameOf(row.market, row.code, lang) ?? row.code,
    market: row.market,
    currency: row.currency,
    variant: row.variant,
    lots: row.lots,
    lot_size: row.lotSize,
    shares: wire(row.shares),
    block_price: wire(row.blockPrice),
    amount: wire(row.amount),
    held: wire(row.held),
    financed_amount: money(row.financedAmount),
    financing_fee: money(row.financingFee),
    leverage: row.leverage,
    status: APPLICATION_STATES[row.status] ?? 'pending',
    reason: row.rejectReason,
    created_at: iso(row.createdAt)!,
    reviewed_at: iso(row.reviewedAt),
    position_id: row.positionId === null ? null : Number(row.positionId),
    lockup_days: row.lockupDays,
    sellable_from: row.status === 1 && row.reviewedAt ? sellableFrom(row.market, row.reviewedAt, row.lockupDays) : null,
    record_date: row.recordDate,
    dividend_per_share: money(row.dividendPerShare),
    dividend_paid: money(row.dividendPaid),
  };
}
