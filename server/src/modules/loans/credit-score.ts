/**
 * The credit score: a PUBLISHED formula (docs/decisions/0006-credit-score.md) over the user's own
 * record only. No operator types a score, a threshold or a limit: they are constants here.
 *
 *   score = 60 (base)
 *         + 20 if identity is verified
 *         + 4 per loan repaid on or before its due date (at most 5 loans count: +20)
 *         − 15 per loan overdue now (approved, unpaid, past its due date)
 *         − 5 per loan repaid after its due date, for 365 days after that repayment
 *   clamped to 0…100.
 *   Withdrawals need score ≥ 40. Borrowing limit = (score − 60) × 10,000 JPY, at least 0.
 */
import { Decimal } from 'shared/money';

export const CREDIT_BASE = 60;
export const CREDIT_VERIFIED = 20;
export const CREDIT_ON_TIME = 4;
export const CREDIT_ON_TIME_MAX_COUNT = 5;
export const CREDIT_OVERDUE = -15;
export const CREDIT_REPAID_LATE = -5;
export const CREDIT_LATE_MEMORY_DAYS = 365;
/** Minimum score to withdraw (spec §6 "insufficient credit score"). */
export const CREDIT_WITHDRAW_THRESHOLD = 40;
/** Borrowing limit per point above the base. */
export const CREDIT_LIMIT_PER_POINT = new Decimal(10_000);
export const CREDIT_CURRENCY = 'JPY' as const;

export interface LoanHistoryItem {
  /** 0 under review, 1 approved (outstanding), 2 rejected, 3 repaid. */
  status: number;
  dueAt: Date | null;
  repaidAt: Date | null;
}

export interface CreditRecord {
  identityVerified: boolean;
  loans: readonly LoanHistoryItem[];
}

export interface CreditReason {
  key: 'base' | 'identity_verified' | 'identity_not_verified' | 'repaid_on_time' | 'overdue_now' | 'repaid_late';
  points: number;
  /** How many loans the term counts (for the per-loan terms). */
  count?: number;
}

export interface CreditScore {
  score: number;
  reasons: CreditReason[];
  limit: Decimal;
}

const DAY_MS = 86_400_000;

export function computeCreditScore(record: CreditRecord, now: Date): CreditScore {
  const reasons: CreditReason[] = [{ key: 'base', points: CREDIT_BASE }];
  reasons.push(
    record.identityVerified
      ? { key: 'identity_verified', points: CREDIT_VERIFIED }
      : { key: 'identity_not_verified', points: 0 },
  );
  let onTime = 0;
  let overdue = 0;
  let late = 0;
  for (const loan of record.loans) {
    if (loan.status === 3 && loan.repaidAt && loan.dueAt) {
      if (loan.repaidAt.getTime() <= loan.dueAt.getTime()) onTime += 1;
      else if (now.getTime() - loan.repaidAt.getTime() < CREDIT_LATE_MEMORY_DAYS * DAY_MS) late += 1;
    } else if (loan.status === 1 && loan.dueAt && now.getTime() > loan.dueAt.getTime()) {
      overdue += 1;
    }
  }
  const counted = Math.min(onTime, CREDIT_ON_TIME_MAX_COUNT);
  if (onTime > 0) reasons.push({ key: 'repaid_on_time', points: counted * CREDIT_ON_TIME, count: onTime });
  if (overdue > 0) reasons.push({ key: 'overdue_now', points: overdue * CREDIT_OVERDUE, count: overdue });
  if (late > 0) reasons.push({ key: 'repaid_late', points: late * CREDIT_REPAID_LATE, count: late });
  const raw = reasons.reduce((sum, reason) => sum + reason.points, 0);
  const score = Math.max(0, Math.min(100, raw));
  const limit = CREDIT_LIMIT_PER_POINT.times(Math.max(0, score - CREDIT_BASE));
  return { score, reasons, limit };
}
