/**
 * New shares on the wire (shared/src/contract/areas/ipo.ts): the issue's state from the clock, hit
 * rate from the draw's totals, market price and premium from the market data once listed. Nothing
 * here is stored or typed by anyone.
 */
import type { NewShareApplication, NewShareIssue } from 'shared/contract';
import type { I18nLang } from 'shared/messages';
import { Decimal, MARKET_CURRENCY, type Currency } from 'shared/money';
import type { PriceSource } from '../assets/price-source';
import { utcOffset } from '../market/calendar';
import { iso, wire } from '../wire/wire';
import type { ApplicationRow } from './applications-repository';
import type { IssueRow } from './issues-repository';

type State = NewShareIssue['state'];

/** not_started → to_subscribe → subscribing → ended, by the clock (withdrawn: ended). */
export function issueState(
  issue: { opensAt: Date; closesAt: Date; listingAt: Date; withdrawnAt: Date | null },
  now: Date,
): State {
  const t = now.getTime();
  if (issue.withdrawnAt || t >= issue.listingAt.getTime()) return 'ended';
  if (t < issue.opensAt.getTime()) return 'not_started';
  if (t < issue.closesAt.getTime()) return 'to_subscribe';
  return 'subscribing';
}

/** The issue's name in a language (zh-CN when that one is missing). */
export const nameIn = (names: Record<string, string> | null | undefined, lang: I18nLang, fallback: string) =>
  names?.[lang] ?? names?.['zh-CN'] ?? fallback;

/** A percentage with 2 decimals ("12.50"), rounded half-even. */
const percent = (ratio: Decimal) => ratio.times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_EVEN).toFixed(2);

const ZONES: Record<string, (offset: number) => string> = {
  jpy: () => 'JST',
  cny: () => 'CST',
  usd: (offset) => (offset === -240 ? 'EDT' : 'EST'),
};

/** "2026-12-01 15:00 JST": a market time as the message catalogue shows it. */
export function marketTimeText(market: 'jpy' | 'usd' | 'cny', at: Date): string {
  const offset = utcOffset(market, at.getTime());
  const local = new Date(at.getTime() + offset * 60_000).toISOString();
  return `${local.slice(0, 10)} ${local.slice(11, 16)} ${ZONES[market]!(offset)}`;
}

export function issueToWire(
  issue: IssueRow,
  context: { now: Date; lang: I18nLang; prices: PriceSource },
): NewShareIssue {
  const state = issueState(issue, context.now);
  const listed = !issue.withdrawnAt && context.now.getTime() >= issue.listingAt.getTime();
  const last = listed ? context.prices.lastPrice(issue.market, issue.code) : undefined;
  const price = new Decimal(issue.price);
  const drawn = issue.drawState === 'drawn';
  const applied = drawn ? new Decimal(String(issue.unitsApplied ?? 0)) : null;
  const windowOpened = context.now.getTime() >= issue.opensAt.getTime();
  return {
    id: Number(issue.id),
    code: issue.code,
    name: nameIn(issue.names, context.lang, issue.code),
    market: issue.market,
    currency: issue.currency,
    subscription_price: wire(price),
    issue_price: wire(price),
    market_price: last === undefined ? null : wire(last),
    premium: last === undefined ? null : percent(new Decimal(last).minus(price).dividedBy(price)),
    pe: issue.pe === null ? null : wire(issue.pe),
    subscription_cap: issue.subscriptionCap.toString(),
    lot_size: issue.lotSize,
    issue_size: issue.issueSize.toString(),
    // Nobody applied: no rate (never a made-up 0 % or 100 %).
    hit_rate:
      applied === null || applied.isZero()
        ? null
        : percent(new Decimal(String(issue.unitsAllotted ?? 0)).dividedBy(applied)),
    underwriter: issue.underwriter,
    lockup_days: issue.lockupDays,
    opens_at: iso(issue.opensAt)!,
    closes_at: iso(issue.closesAt)!,
    draw_at: iso(issue.drawAt)!,
    pay_deadline: iso(issue.payDeadline)!,
    listing_at: iso(issue.listingAt)!,
    distribution_at: iso(issue.distributionAt)!,
    state,
    drawn,
    withdrawn: issue.withdrawnAt !== null,
    seed_hash: windowOpened ? issue.seedHash : null,
  };
}

/** Units = subscribed quantity ÷ lot size (rows from before 0010 have none: 0). */
export function applicationToWire(row: ApplicationRow, context: { now: Date; lang: I18nLang }): NewShareApplication {
  const amount = new Decimal(row.subscriptionPrice).times(row.quantity);
  const issueState_ =
    row.opensAt && row.closesAt && row.listingAt
      ? issueState(
          { opensAt: row.opensAt, closesAt: row.closesAt, listingAt: row.listingAt, withdrawnAt: row.withdrawnAt },
          context.now,
        )
      : 'ended';
  const currency = row.currency as Currency;
  return {
    id: Number(row.id),
    order_no: row.orderNo,
    issue_id: row.issueId === null ? 0 : Number(row.issueId),
    code: row.code,
    name: nameIn(row.names, context.lang, row.name),
    market: row.market,
    currency,
    application_no: row.applicationNo ?? 0,
    quantity: wire(row.quantity),
    units: row.units ?? 0,
    allotted_quantity: row.drawnAt === null ? null : wire(row.allottedQuantity),
    subscription_price: wire(row.subscriptionPrice),
    issue_price: wire(row.issuePrice ?? row.subscriptionPrice),
    amount: wire(amount),
    paid_amount: row.paidAmount === null ? null : wire(row.paidAmount),
    // spec §3: '-' means nothing counted.
    rjmoney: row.status === 1 && row.rjmoney !== null ? wire(row.rjmoney) : '-',
    status: row.status,
    state: row.state,
    issue_state: issueState_,
    pay_deadline: iso(row.payDeadline) ?? '',
    listing_at: iso(row.listingAt) ?? '',
    lockup_days: row.lockupDays ?? 0,
    created_at: iso(row.createdAt)!,
    drawn_at: iso(row.drawnAt),
    answered_at: iso(row.answeredAt),
    device_contribution: row.deviceContribution,
    server_contribution: row.serverContribution,
    contribution: row.contribution,
  };
}

/** The market of a currency's issue (for messages and order rows). */
export const currencyOf = (market: keyof typeof MARKET_CURRENCY): Currency => MARKET_CURRENCY[market];
