import '../testing/setup';
import { sql } from 'drizzle-orm';
import { ENDPOINTS } from 'shared/contract';
import { queryRows } from '../db/query';
import { setConfigValue } from '../modules/site-config/site-config-repository';
import { configureMoneyLimiter } from '../security/money-limiter';
import { registerAdmin } from '../testing/accounts';
import { startTestApp, type TestApp } from '../testing/app';
import { testBackends } from '../testing/backends';
import {
  OPEN_TIME,
  balancesOf,
  expectLedgerBalanced,
  expectRefused,
  fund,
  moneyReadyUser,
  type MoneyUser,
} from '../testing/money';
import { post, type LoggedIn } from '../testing/users';

let clock = OPEN_TIME;
const DAY = 86_400_000;
const later = (days: number, hours = 0) => new Date(OPEN_TIME.getTime() + days * DAY + hours * 3_600_000);

/**
 * Loan terms (Japanese consumer credit): 15.0 % a year from site config, interest daily on the
 * principal, actual/365, rounded down to the yen. 120,000 JPY for 30 days: 120,000 × 15 % × 30 / 365
 * = 1,479.45 → 1,479 JPY.
 */
describe.each(testBackends())('loan terms on $name', (backend) => {
  let t: TestApp;
  let admin: LoggedIn;
  beforeAll(async () => {
    t = await startTestApp(backend, { now: () => clock });
    admin = await registerAdmin(t.app);
  });
  afterAll(() => t.close());
  beforeEach(() => {
    clock = OPEN_TIME;
    configureMoneyLimiter({ perAction: { max: 1000, windowMs: 1000 }, perUser: { max: 1000, windowMs: 1000 } });
  });

  const config = (name: string, value: string) => t.app.db.tx((tx) => setConfigValue(tx, name, value));
  const quote = (user: LoggedIn, form: Record<string, string>) => post(t.app, '/funds/loanQuote', form, user.headers);
  const loans = async (user: LoggedIn) =>
    ENDPOINTS.loans.data.parse((await post(t.app, '/funds/loans', {}, user.headers)).body.data);
  const apply = async (user: LoggedIn, amount: string, term = '30') => {
    const answer = await post(t.app, '/funds/loanApply', { amount, term_days: term }, user.headers);
    expect(answer.body).toMatchObject({ status: 1, msg: 'loan_submitted' });
    return answer.body.data.id as number;
  };
  const approve = (id: number) =>
    post(t.app, '/admin/loanReview', { id: String(id), action: 'approve', reason: '' }, admin.headers);
  const repay = (user: LoggedIn, id: number, amount: string) =>
    post(t.app, '/funds/loanRepay', { id: String(id), amount }, user.headers);
  const interestRevenue = async () => {
    const [row] = await t.app.db.tx((tx) =>
      queryRows<{ available: string }>(
        tx,
        sql`SELECT available::text FROM ledger_accounts WHERE house_name = 'loan_interest' AND currency = 'JPY'`,
      ),
    );
    return Number(row!.available);
  };
  const borrowed = async (amount = '120000'): Promise<{ user: MoneyUser; id: number }> => {
    const user = await moneyReadyUser(t.app);
    const id = await apply(user, amount);
    expect((await approve(id)).body.status).toBe(1);
    return { user, id };
  };

  it('quotes rate, term, interest, total and due date from site config before applying', async () => {
    const user = await moneyReadyUser(t.app);
    const terms = ENDPOINTS.loanQuote.data.parse((await quote(user, {})).body.data);
    expect(terms).toEqual({
      currency: 'JPY',
      annual_rate_pct: '15',
      day_count: 'actual/365',
      terms: [7, 14, 30, 60, 90],
      term_days: 30,
      principal: '0',
      interest: '0',
      total: '0',
      due_at: '2026-12-16T01:00:00.000Z',
    });
    expect((await quote(user, { amount: '120000', term_days: '30' })).body.data).toMatchObject({
      principal: '120000',
      interest: '1479',
      total: '121479',
      due_at: '2026-12-16T01:00:00.000Z',
    });
    expect((await quote(user, { amount: '50000', term_days: '7' })).body.data).toMatchObject({
      interest: '143', // 50,000 × 15 % × 7 / 365 = 143.83
      total: '50143',
      due_at: '2026-11-23T01:00:00.000Z',
    });
    const wrongTerm = await quote(user, { amount: '1000', term_days: '45' });
    expect(wrongTerm.body).toMatchObject({ status: 0, msg: 'field_invalid', field: 'term_days' });
    expect((await quote(user, { amount: '100.5' })).body).toMatchObject({ status: 0, msg: 'amount_invalid' });

    // The numbers are the config's, not the code's.
    await config('loan_annual_rate_pct', '18.0');
    await config('loan_terms_days', '[45]');
    try {
      expect((await quote(user, { amount: '120000' })).body.data).toMatchObject({
        annual_rate_pct: '18',
        terms: [45],
        term_days: 45,
        interest: '2663', // 120,000 × 18 % × 45 / 365 = 2,663.01
        total: '122663',
      });
      await expectRefused(t.app, user, 'field_invalid', () =>
        post(t.app, '/funds/loanApply', { amount: '1000', term_days: '30' }, user.headers),
      );
    } finally {
      await config('loan_annual_rate_pct', '15.0');
      await config('loan_terms_days', '[7,14,30,60,90]');
    }
  });

  it('stores the quoted rate at application and the start and due date at approval', async () => {
    const user = await moneyReadyUser(t.app);
    const id = await apply(user, '120000');
    expect((await loans(user))[0]).toMatchObject({
      status: 'pending',
      annual_rate_pct: '15',
      term_days: 30,
      started_at: null,
      due_at: null,
      interest_at_due: '1479',
      total_at_due: '121479',
      owed_today: '0',
    });
    // a change of the rate after the application does not reprice the loan the user was quoted
    await config('loan_annual_rate_pct', '20.0');
    clock = later(0, 2);
    try {
      expect((await approve(id)).body.status).toBe(1);
    } finally {
      await config('loan_annual_rate_pct', '15.0');
    }
    const [row] = await t.app.db.tx((tx) =>
      queryRows<{ annual_rate_pct: string; term_days: number; started_at: string; due_at: string }>(
        tx,
        sql`SELECT annual_rate_pct::text, term_days, started_at, due_at FROM loans WHERE id = ${id}`,
      ),
    );
    expect(row).toMatchObject({ annual_rate_pct: '15.0000', term_days: 30 });
    expect(new Date(row!.started_at).toISOString()).toBe('2026-11-16T03:00:00.000Z');
    expect(new Date(row!.due_at).toISOString()).toBe('2026-12-16T03:00:00.000Z');
    expect((await loans(user))[0]).toMatchObject({
      status: 'approved',
      annual_rate_pct: '15',
      started_at: '2026-11-16T03:00:00.000Z',
      due_at: '2026-12-16T03:00:00.000Z',
      outstanding: '120000',
      interest_at_due: '1479',
      total_at_due: '121479',
      days_accrued: 0,
      interest_today: '0',
      owed_today: '120000',
      overdue: false,
      overdue_days: 0,
    });
  });

  it('owes principal + interest to date; less is refused and moves nothing; the exact amount repays', async () => {
    const { user, id } = await borrowed();
    clock = later(10, 5); // 10 whole days: 120,000 × 15 % × 10 / 365 = 493.15 → 493
    expect((await loans(user))[0]).toMatchObject({
      days_accrued: 10,
      interest_today: '493',
      owed_today: '120493',
      overdue: false,
    });
    await fund(t.app, user.userId, '1000');
    const revenue = await interestRevenue();

    const less = await expectRefused(t.app, user, 'repay_less_than_owed', () => repay(user, id, '120492'));
    expect(less.body).toMatchObject({ field: 'amount', values: { owed: '120,493 JPY' } });
    // the principal alone, as before interest existed, is refused too
    await expectRefused(t.app, user, 'repay_less_than_owed', () => repay(user, id, '120000'));
    expect((await loans(user))[0]).toMatchObject({ status: 'approved', owed_today: '120493' });
    expect(await interestRevenue()).toBe(revenue);

    expect((await repay(user, id, '120493')).body).toMatchObject({ status: 1, msg: 'loan_repaid' });
    expect((await balancesOf(t.app, user)).JPY!.available).toBe('507');
    expect(await interestRevenue()).toBe(revenue + 493);
    expect((await loans(user))[0]).toMatchObject({
      status: 'repaid',
      outstanding: '0',
      owed_today: '0',
      interest_paid: '493',
    });
    const records = (await post(t.app, '/funds/records', { type: 'loan_repay' }, user.headers)).body.data.list;
    expect(records[0]).toMatchObject({ amount: '-120493' });
    // one journal transaction: user −120,493, house loans +120,000, house loan_interest +493
    const legs = await t.app.db.tx((tx) =>
      queryRows<{ who: string; amount: string }>(
        tx,
        sql`SELECT coalesce(a.house_name, 'user') AS who, e.amount::text AS amount
            FROM journal_transactions j JOIN journal_entries e ON e.transaction_id = j.id
            JOIN ledger_accounts a ON a.id = e.account_id
            JOIN loans l ON l.order_no = j.reference
            WHERE l.id = ${id} AND j.kind = 'loan_repay' ORDER BY e.amount`,
      ),
    );
    expect(legs.map((l) => [l.who, Number(l.amount)])).toEqual([
      ['user', -120493],
      ['loan_interest', 493],
      ['loans', 120000],
    ]);
    expect((await post(t.app, '/user/getUserinfo', { type: 'jpy' }, user.headers)).body.data.jpyyjed).toBe('0');
    await expectLedgerBalanced(t.app);
  });

  it('shows an unpaid loan past its due date as overdue with the days, as the credit score counts it', async () => {
    const { user, id } = await borrowed();
    clock = later(30);
    expect((await loans(user))[0]).toMatchObject({ overdue: false, overdue_days: 0, owed_today: '121479' });
    clock = later(32); // 2 days past due; interest keeps accruing at the same rate: 1,578.08 → 1,578
    expect((await loans(user))[0]).toMatchObject({
      overdue: true,
      overdue_days: 2,
      days_accrued: 32,
      interest_today: '1578',
      owed_today: '121578',
    });
    const credit = (await post(t.app, '/funds/credit', {}, user.headers)).body.data;
    expect(credit.reasons).toContainEqual({ key: 'overdue_now', points: -15 });
    await fund(t.app, user.userId, '1578');
    expect((await repay(user, id, '121578')).body.status).toBe(1);
    expect((await loans(user))[0]).toMatchObject({ status: 'repaid', overdue: false, interest_paid: '1578' });
    await expectLedgerBalanced(t.app);
  });
});
