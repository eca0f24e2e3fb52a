import { daysAccrued, daysOverdue, dueDate, interestFor } from './loan-terms';

const START = new Date('2026-11-16T01:00:00Z');
const at = (days: number, ms = 0) => new Date(START.getTime() + days * 86_400_000 + ms);

describe('loan interest (actual/365, daily on the principal, rounded down to the minor unit)', () => {
  it('charges principal × rate × days / 365, rounded down in the borrower’s favour', () => {
    expect(interestFor('120000', '15', 30, 'JPY').toFixed()).toBe('1479'); // 1,479.45
    expect(interestFor('50000', '15', 7, 'JPY').toFixed()).toBe('143'); // 143.83
    expect(interestFor('1000', '15', 30, 'USD').toFixed()).toBe('12.32'); // 12.328…
  });

  it('charges nothing for no days or a zero rate (loans made before interest existed)', () => {
    expect(interestFor('120000', '15', 0, 'JPY').toFixed()).toBe('0');
    expect(interestFor('120000', '0', 30, 'JPY').toFixed()).toBe('0');
  });

  it('counts whole days since the start; the first day accrues after 24 hours', () => {
    expect(daysAccrued(START, START)).toBe(0);
    expect(daysAccrued(START, at(1, -1))).toBe(0);
    expect(daysAccrued(START, at(1))).toBe(1);
    expect(daysAccrued(START, at(10, 5 * 3_600_000))).toBe(10);
    expect(daysAccrued(START, at(-1))).toBe(0);
  });

  it('is overdue from the first instant after the due date, counted in started days', () => {
    const due = dueDate(START, 30);
    expect(due.toISOString()).toBe('2026-12-16T01:00:00.000Z');
    expect(daysOverdue(due, due)).toBe(0);
    expect(daysOverdue(due, new Date(due.getTime() + 1))).toBe(1);
    expect(daysOverdue(due, at(32))).toBe(2);
  });
});
