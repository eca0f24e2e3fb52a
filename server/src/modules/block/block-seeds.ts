/**
 * Seeded block listings, so a new user sees something in every block-trade tab: open ones in the
 * three markets (standard, dividend, financing) and one closed, with deadlines relative to the app
 * clock when the server first starts (each seed key is inserted once; docs/decisions/0017). The block
 * price is a discount to the live price at that moment (the seller's offer, as an operator would set
 * it); the dividend block's record date and dividend are recorded as the issuer's declared dividend
 * (simulated data, like the prices). The channel passwords are public test data, for the browser
 * journeys and the API tests.
 */
import { Decimal, MARKET_CURRENCY, MINOR_UNITS, roundMoney } from 'shared/money';
import type { Database } from '../../db/database';
import type { PasswordHasher } from '../../security/password';
import { dateOf, localTime, type MarketId } from '../market/calendar';
import { readFinancingTerms } from './block-admin';
import { currentLockupDays, insertListing, knownSeedKeys, upsertDeclaredDividend } from './block-listings-repository';
import type { PriceLookup } from './block-wire';

const DAY = 86_400_000;

interface Seed {
  key: string;
  market: MarketId;
  code: string;
  variant: 'standard' | 'dividend' | 'financing';
  /** Block price ÷ live price. */
  ratio: string;
  minLots: number;
  totalLots: number;
  /** Deadline in days from the first start (negative: already closed). */
  days: number;
  /** Dividend variant: the declared dividend per share and the record date's days after the deadline. */
  dividend?: { perShare: string; afterDeadlineDays: number };
}

/** The seeded listings' channel passwords, by seed key (public test data, documented in ADR 0017). */
export const SEEDED_CHANNEL_PASSWORDS = {
  'seed-jp-7203': 'TOYOTA-7203',
  'seed-jp-6758-dividend': 'SONY-6758',
  'seed-us-aapl-financing': 'AAPL-FIN',
  'seed-us-msft': 'MSFT-BLOCK',
  'seed-cn-600519': 'MOUTAI-600519',
  'seed-jp-9984-closed': 'SOFTBANK-9984',
} as const;

export const BLOCK_SEEDS: readonly Seed[] = [
  {
    key: 'seed-jp-7203',
    market: 'jpy',
    code: '7203',
    variant: 'standard',
    ratio: '0.95',
    minLots: 100,
    totalLots: 20_000,
    days: 14,
  },
  {
    key: 'seed-jp-6758-dividend',
    market: 'jpy',
    code: '6758',
    variant: 'dividend',
    ratio: '0.97',
    minLots: 100,
    totalLots: 10_000,
    days: 10,
    dividend: { perShare: '10', afterDeadlineDays: 5 },
  },
  {
    key: 'seed-us-aapl-financing',
    market: 'usd',
    code: 'AAPL',
    variant: 'financing',
    ratio: '0.96',
    minLots: 10,
    totalLots: 5_000,
    days: 21,
  },
  {
    key: 'seed-us-msft',
    market: 'usd',
    code: 'MSFT',
    variant: 'standard',
    ratio: '0.94',
    minLots: 5,
    totalLots: 1_000,
    days: 14,
  },
  {
    key: 'seed-cn-600519',
    market: 'cny',
    code: '600519',
    variant: 'standard',
    ratio: '0.93',
    minLots: 10,
    totalLots: 2_000,
    days: 7,
  },
  {
    key: 'seed-jp-9984-closed',
    market: 'jpy',
    code: '9984',
    variant: 'standard',
    ratio: '0.92',
    minLots: 100,
    totalLots: 5_000,
    days: -1,
  },
];

/**
 * The scrypt cost of the seeded listings' channel-password hashes: 2^14 (16 MiB), as the passwords
 * themselves are published for the demonstration (SEEDED_CHANNEL_PASSWORDS, ADR 0017). Listings an
 * operator creates keep the full cost of the passwords module.
 */
export const PUBLISHED_SEED_SCRYPT = { N: 2 ** 14, r: 8, p: 1 } as const;

/** Inserts the seeds not yet present; answers how many were inserted. */
export async function seedBlockListings(
  db: Database,
  now: Date,
  prices: Pick<PriceLookup, 'lastPrice'>,
  hasher: PasswordHasher,
): Promise<number> {
  const known = await db.tx(
    (tx) =>
      knownSeedKeys(
        tx,
        BLOCK_SEEDS.map((s) => s.key),
      ),
    { readOnly: true },
  );
  let inserted = 0;
  for (const seed of BLOCK_SEEDS) {
    if (known.has(seed.key)) continue;
    const live = prices.lastPrice(seed.market, seed.code);
    if (live === undefined) continue;
    const currency = MARKET_CURRENCY[seed.market];
    const price = roundMoney(new Decimal(live).times(seed.ratio), currency).toDecimalPlaces(MINOR_UNITS[currency]);
    const deadline = new Date(now.getTime() + seed.days * DAY);
    const hash = await hasher.hash(SEEDED_CHANNEL_PASSWORDS[seed.key as keyof typeof SEEDED_CHANNEL_PASSWORDS]);
    const id = await db.tx(async (tx) => {
      const financing = seed.variant === 'financing' ? await readFinancingTerms(tx) : null;
      const dividendId = seed.dividend
        ? await upsertDeclaredDividend(tx, {
            market: seed.market,
            code: seed.code,
            recordDate: dateOf(localTime(seed.market, deadline.getTime() + seed.dividend.afterDeadlineDays * DAY).day),
            dividendPerShare: seed.dividend.perShare,
            source: 'simulated issuer announcement (seed data)',
          })
        : null;
      return insertListing(tx, {
        seedKey: seed.key,
        market: seed.market,
        currency,
        code: seed.code,
        variant: seed.variant,
        blockPrice: price.toFixed(),
        lotSize: 1,
        minLots: seed.minLots,
        totalLots: seed.totalLots,
        deadline,
        channelPasswordHash: hash,
        dividendId,
        leverage: financing?.leverage ?? 1,
        financingRate: financing?.rate ?? null,
        financingDays: financing?.days ?? null,
        lockupDays: await currentLockupDays(tx),
        createdBy: null,
        createdAt: now,
      });
    });
    if (id !== undefined) inserted += 1;
  }
  return inserted;
}
