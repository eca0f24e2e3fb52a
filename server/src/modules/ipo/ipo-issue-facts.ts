/**
 * An issue's prospectus facts as the back office types them (ipo-admin.ts create and edit), checked, and
 * its draw seed (drawn here, from the server's CSPRNG; the demonstration issues use it too).
 */
import { createHash, randomBytes } from 'node:crypto';
import { MARKET_CURRENCY } from 'shared/money';
import type { InputOf } from '../../contract-input';
import { BusinessError } from '../../errors';
import { userAmount } from '../wire/wire';
import type { IssueFacts } from './issues-repository';

export type IssueInput = InputOf<'adminNewShareCreate'>;

/** A fresh draw seed (32 random bytes, hex) and its published hash. */
export function newSeed(): { seed: string; seedHash: string } {
  const seed = randomBytes(32).toString('hex');
  return { seed, seedHash: createHash('sha256').update(seed).digest('hex') };
}

/** The prospectus facts of a request, checked: dates in order, whole lots, price in minor units. */
export function issueFacts(input: IssueInput): IssueFacts {
  const currency = MARKET_CURRENCY[input.market];
  const price = userAmount(input.price, currency, 'price');
  const times = [input.opens_at, input.closes_at, input.draw_at, input.pay_deadline, input.listing_at];
  const [opensAt, closesAt, drawAt, payDeadline, listingAt] = times.map((t) => new Date(t)) as [
    Date,
    Date,
    Date,
    Date,
    Date,
  ];
  const distributionAt = new Date(input.distribution_at);
  const ordered =
    opensAt < closesAt &&
    closesAt <= drawAt &&
    drawAt < payDeadline &&
    payDeadline <= listingAt &&
    listingAt <= distributionAt;
  if (!ordered) throw new BusinessError('new_share_dates_invalid', { field: 'opens_at' });
  const lot = BigInt(input.lot_size);
  const cap = BigInt(input.subscription_cap);
  const size = BigInt(input.issue_size);
  for (const [field, value] of [
    ['subscription_cap', cap],
    ['issue_size', size],
  ] as const) {
    if (value % lot !== 0n)
      throw new BusinessError('quantity_not_lot_multiple', { field, values: { lot: String(lot) } });
  }
  if (cap / lot > 10_000n) throw new BusinessError('field_invalid', { field: 'subscription_cap' });
  return {
    market: input.market,
    currency,
    code: input.code.toUpperCase(),
    names: { 'zh-CN': input.name_zh, en: input.name_en, ja: input.name_ja },
    price: price.toFixed(),
    pe: input.pe ?? null,
    lotSize: input.lot_size,
    subscriptionCap: cap,
    issueSize: size,
    underwriter: input.underwriter,
    lockupDays: input.lockup_days,
    opensAt,
    closesAt,
    drawAt,
    payDeadline,
    listingAt,
    distributionAt,
  };
}
