import fc from 'fast-check';
import { computeCreditScore, CREDIT_WITHDRAW_THRESHOLD } from './credit-score';

const now = new Date('2026-11-16T00:00:00Z');
const day = 86_400_000;
const loan = (status: number, dueDaysAgo: number, repaidDaysAgo: number | null) => ({
  status,
  dueAt: new Date(now.getTime() - dueDaysAgo * day),
  repaidAt: repaidDaysAgo === null ? null : new Date(now.getTime() - repaidDaysAgo * day),
});

describe('credit score (docs/decisions/0006-credit-score.md)', () => {
  it('scores each published term and lists it as a reason', () => {
    expect(computeCreditScore({ identityVerified: false, loans: [] }, now)).toMatchObject({
      score: 60,
      limit: expect.objectContaining({}),
    });
    expect(computeCreditScore({ identityVerified: true, loans: [] }, now).score).toBe(80);
    expect(computeCreditScore({ identityVerified: true, loans: [] }, now).limit.toFixed()).toBe('200000');
    const record = {
      identityVerified: true,
      loans: [loan(3, 10, 11), loan(3, 10, 12), loan(1, 2, null), loan(3, 20, 5)],
    };
    const score = computeCreditScore(record, now);
    expect(score.reasons).toEqual([
      { key: 'base', points: 60 },
      { key: 'identity_verified', points: 20 },
      { key: 'repaid_on_time', points: 8, count: 2 },
      { key: 'overdue_now', points: -15, count: 1 },
      { key: 'repaid_late', points: -5, count: 1 },
    ]);
    expect(score.score).toBe(68);
  });

  it('forgets a late repayment after 365 days and counts at most five on-time loans', () => {
    expect(computeCreditScore({ identityVerified: true, loans: [loan(3, 400, 366)] }, now).score).toBe(80);
    expect(
      computeCreditScore({ identityVerified: true, loans: Array.from({ length: 9 }, () => loan(3, 10, 11)) }, now)
        .score,
    ).toBe(100);
  });

  it('stays within 0…100, and a verified user without overdue loans can always withdraw', () => {
    const loans = fc.array(
      fc.tuple(fc.constantFrom(1, 3), fc.integer({ min: -30, max: 800 }), fc.option(fc.integer({ min: 0, max: 800 }))),
      { maxLength: 30 },
    );
    fc.assert(
      fc.property(fc.boolean(), loans, (verified, items) => {
        const record = {
          identityVerified: verified,
          loans: items.map(([s, due, repaid]) => loan(s, due, s === 3 ? (repaid ?? 0) : null)),
        };
        const { score, limit } = computeCreditScore(record, now);
        expect(score).toBeGreaterThanOrEqual(0);
        expect(score).toBeLessThanOrEqual(100);
        expect(limit.isNegative()).toBe(false);
        const lateRecently = record.loans.filter(
          (l) => l.status === 3 && l.repaidAt! > l.dueAt && now.getTime() - l.repaidAt!.getTime() < 365 * day,
        ).length;
        const overdue = record.loans.filter((l) => l.status === 1 && now > l.dueAt).length;
        if (verified && overdue === 0 && lateRecently <= 8)
          expect(score).toBeGreaterThanOrEqual(CREDIT_WITHDRAW_THRESHOLD);
      }),
    );
  });
});
