/**
 * The price of a credit loan, as a Japanese consumer lender must state it before the contract: an
 * annual percentage rate, interest accruing daily on the outstanding principal, actual/365 (every
 * year counts 365 days, leap years too). Interest is rounded DOWN to the currency's minor unit
 * (JPY: whole yen), in the borrower's favour.
 *
 * Days accrued = whole 24-hour periods since the loan started (its approval) on the app's clock:
 * repaid within the first day, no interest. After the due date interest keeps accruing at the same
 * rate on the same principal (no penalty rate is charged); the loan is overdue and the credit score
 * counts it (credit-score.ts).
 *
 * The rate and the terms on offer are site config (migration 0008), read in the caller's
 * transaction; a malformed entry makes the loan unavailable rather than free or mispriced.
 */
import { Decimal, MINOR_UNITS, parseDecimal, type Currency } from 'shared/money';
import type { Tx } from '../../db/database';
import { readConfigEntries } from '../site-config/site-config-repository';

export const DAY_MS = 86_400_000;
/** Actual/365: the day count convention of Japanese consumer credit. */
export const DAYS_PER_YEAR = 365;
export const DAY_COUNT = 'actual/365' as const;

export interface LoanSettings {
  /** Annual percentage rate, e.g. 15.0 (per cent a year). */
  annualRatePct: Decimal;
  /** Terms on offer, in days, ascending. */
  terms: number[];
  /** The term preselected on the apply screen (one of `terms`). */
  defaultTerm: number;
}

const NAMES = ['loan_annual_rate_pct', 'loan_terms_days', 'loan_term_days_default'] as const;

function parseTerms(text: string | undefined): number[] {
  try {
    const value: unknown = JSON.parse(text ?? '');
    if (!Array.isArray(value)) return [];
    const terms = value.filter((d): d is number => Number.isInteger(d) && d > 0 && d <= 3650);
    return [...new Set(terms)].sort((a, b) => a - b);
  } catch {
    return [];
  }
}

/** The loan settings of site config; throws (a server error, logged) when they are missing or malformed. */
export async function readLoanSettings(tx: Tx): Promise<LoanSettings> {
  const entries = new Map((await readConfigEntries(tx, NAMES, 'loan\\_%')).map((e) => [e.name, e.value]));
  const rate = parseDecimal(entries.get('loan_annual_rate_pct') ?? '');
  const terms = parseTerms(entries.get('loan_terms_days'));
  const preferred = Number(entries.get('loan_term_days_default'));
  if (!rate || rate.isNegative() || rate.gte(100) || terms.length === 0)
    throw new Error('site config loan_annual_rate_pct / loan_terms_days is missing or malformed');
  return { annualRatePct: rate, terms, defaultTerm: terms.includes(preferred) ? preferred : terms[0]! };
}

/** Interest on `principal` for `days` at `annualRatePct`, actual/365, rounded down to the minor unit. */
export function interestFor(
  principal: Decimal.Value,
  annualRatePct: Decimal.Value,
  days: number,
  currency: Currency,
): Decimal {
  if (days <= 0) return new Decimal(0);
  return new Decimal(principal)
    .times(annualRatePct)
    .times(days)
    .dividedBy(100 * DAYS_PER_YEAR)
    .toDecimalPlaces(MINOR_UNITS[currency], Decimal.ROUND_DOWN);
}

/** Whole days accrued from `start` to `now` (0 before the first full day). */
export function daysAccrued(start: Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - start.getTime()) / DAY_MS));
}

/** Whole days past the due date (0 until it has passed; 1 from the first instant after it). */
export function daysOverdue(dueAt: Date, now: Date): number {
  const late = now.getTime() - dueAt.getTime();
  return late > 0 ? Math.ceil(late / DAY_MS) : 0;
}

/** The due date of a loan starting at `start` for `termDays` (as resolveLoan sets it in SQL). */
export const dueDate = (start: Date, termDays: number) => new Date(start.getTime() + termDays * DAY_MS);
