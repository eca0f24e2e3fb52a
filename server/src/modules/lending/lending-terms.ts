/**
 * The prices of securities lending and borrowing (docs/decisions/0023-securities-lending.md), from site config
 * (migration 0017), never typed per user: the lending rate (a default and per-stock overrides keyed
 * "market:code"), the borrowing rate and the borrowing terms on offer. Fees are actual/365 per whole day,
 * rounded down to the minor unit (loan-terms.ts interestFor), on the value lent or the credit used.
 * A malformed entry makes the feature unavailable (a server error, logged) rather than free or mispriced.
 */
import { Decimal, parseDecimal } from 'shared/money';
import type { Tx } from '../../db/database';
import type { MarketId } from '../market/calendar';
import { readConfigEntries } from '../site-config/site-config-repository';

export interface LendingSettings {
  lendingRatePct: Decimal;
  /** "market:code" → annual rate in per cent. */
  overrides: Map<string, Decimal>;
  borrowRatePct: Decimal;
  /** Borrowing terms on offer (days), ascending; the first is the default. */
  borrowTerms: number[];
}

const NAMES = ['lending_annual_rate_pct', 'lending_rate_overrides', 'borrow_annual_rate_pct', 'borrow_terms_days'];

const validRate = (rate: Decimal | undefined): rate is Decimal => !!rate && !rate.isNegative() && rate.lt(100);

function parseJson(text: string | undefined): unknown {
  try {
    return JSON.parse(text ?? '');
  } catch {
    return undefined;
  }
}

export async function readLendingSettings(tx: Tx): Promise<LendingSettings> {
  const entries = new Map((await readConfigEntries(tx, NAMES, 'lending\\_%')).map((e) => [e.name, e.value]));
  const lendingRatePct = parseDecimal(entries.get('lending_annual_rate_pct') ?? '');
  const borrowRatePct = parseDecimal(entries.get('borrow_annual_rate_pct') ?? '');
  const terms = parseJson(entries.get('borrow_terms_days'));
  const borrowTerms = Array.isArray(terms)
    ? [...new Set(terms.filter((d): d is number => Number.isInteger(d) && d > 0 && d <= 365))].sort((a, b) => a - b)
    : [];
  const raw = parseJson(entries.get('lending_rate_overrides') ?? '{}');
  const overrides = new Map<string, Decimal>();
  if (raw && typeof raw === 'object' && !Array.isArray(raw))
    for (const [key, value] of Object.entries(raw)) {
      const rate = parseDecimal(String(value));
      if (!validRate(rate)) throw new Error(`site config lending_rate_overrides: bad rate for ${key}`);
      overrides.set(key, rate);
    }
  if (!validRate(lendingRatePct) || !validRate(borrowRatePct) || borrowTerms.length === 0)
    throw new Error('site config lending_annual_rate_pct / borrow_annual_rate_pct / borrow_terms_days is malformed');
  return { lendingRatePct, overrides, borrowRatePct, borrowTerms };
}

/** The lending rate of one stock: its override, else the default. */
export function lendingRateOf(settings: LendingSettings, market: MarketId, code: string): Decimal {
  return settings.overrides.get(`${market}:${code}`) ?? settings.lendingRatePct;
}
