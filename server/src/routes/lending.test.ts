import '../testing/setup';
import { sql } from 'drizzle-orm';
import { ENDPOINTS } from 'shared/contract';
import { Decimal } from 'shared/money';
import { queryRows } from '../db/query';
import { interestFor } from '../modules/loans/loan-terms';
import { startTestApp, type TestApp } from '../testing/app';
import { testBackends } from '../testing/backends';
import { expectLedgerInvariants } from '../testing/ledger-invariants';
import { balancesOf, expectRefused } from '../testing/money';
import { placeOrder, TOKYO_OPEN, trader, type Trader } from '../testing/trade';
import { post } from '../testing/users';

const DAY = 86_400_000;
/** TOKYO_OPEN is Monday 16 November 2026, 10:00 Tokyo (open). */
const at = (days: number) => new Date(TOKYO_OPEN.getTime() + days * DAY);
let clock = TOKYO_OPEN;

describe.each(testBackends())('securities lending and borrowing on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    // jobs run by hand: nothing accrues behind the test's back
    t = await startTestApp(backend, { now: () => clock, jobIntervalMs: 0, matcherIntervalMs: 0 });
  }, 120_000);
  afterAll(() => t.close());
  beforeEach(() => {
    clock = TOKYO_OPEN;
  });

  const call = (user: Trader, path: string, form: Record<string, string> = {}) => post(t.app, path, form, user.headers);
  const overview = async (user: Trader) =>
    ENDPOINTS.lendingOverview.data.parse((await call(user, '/lending/overview', { lang: 'en' })).body.data);
  const holding = async (user: Trader, form: Record<string, string> = {}) => {
    const answer = await placeOrder(t.app, user, form);
    expect(answer.body.msg).toBe('order_placed');
    return Number((answer.body.data as { id: string | number }).id);
  };
  const records = async (user: Trader, type: string) =>
    ENDPOINTS.records.data.parse((await call(user, '/funds/records', { type, size: '50' })).body.data).list;

  it('lends a holding, books the fee daily once, refuses the close until the recalled shares are back', async () => {
    const user = await trader(t.app, { JPY: '10000000' });
    const id = await holding(user);
    const leveraged = await holding(user, { leverage: '2' });

    const before = await overview(user);
    expect(before.lendable.map((h) => h.position_id)).toEqual([id]);
    const offer = before.lendable[0]!;
    expect(offer.annual_rate_pct).toBe('1.5'); // the per-stock override of 7203 in site config
    expect(offer.daily_fee).toBe(interestFor(offer.value, '1.5', 1, 'JPY').toFixed());

    await expectRefused(t.app, user, 'lending_leveraged', () =>
      call(user, '/lending/lend', { position_id: String(leveraged) }),
    );
    const lent = await call(user, '/lending/lend', { position_id: String(id) });
    expect({ status: lent.body.status, msg: lent.body.msg }).toEqual({ status: 1, msg: 'lending_lent' });
    await expectRefused(t.app, user, 'lending_already_lent', () =>
      call(user, '/lending/lend', { position_id: String(id) }),
    );
    await expectRefused(t.app, user, 'lending_recall_first', () => call(user, '/trade/close', { id: String(id) }));

    // three test-clock days, the job run twice each day: three days booked, once each
    for (const day of [1, 2, 3]) {
      clock = at(day);
      await t.app.jobs.runDue();
      await t.app.jobs.runDue();
    }
    const fees = await records(user, 'lending_fee');
    const total = interestFor(offer.value, '1.5', 3, 'JPY');
    expect(fees.reduce((sum, r) => sum.plus(r.amount), new Decimal(0)).toFixed()).toBe(total.toFixed());
    const [lending] = (await overview(user)).lendings;
    expect(lending).toMatchObject({ status: 'lent', accrued_days: 3, fee_paid: total.toFixed() });

    // Thursday: recall; the fee stops, the shares come back on Friday
    const recalled = await call(user, '/lending/recall', { id: String(lending!.id) });
    expect(recalled.body.msg).toBe('lending_recalled');
    await expectRefused(t.app, user, 'lending_not_lent', () =>
      call(user, '/lending/recall', { id: String(lending!.id) }),
    );
    const refused = await call(user, '/trade/close', { id: String(id) });
    expect(refused.body).toMatchObject({ status: 0, msg: 'lending_returning_on' });
    clock = at(4);
    await t.app.jobs.runDue();
    const after = (await overview(user)).lendings[0]!;
    expect(after).toMatchObject({ status: 'returned', returns_on: '2026-11-20', fee_paid: total.toFixed() });
    const closed = await call(user, '/trade/close', { id: String(id) });
    expect(closed.body.msg).toBe('sell_success');
    await expectLedgerInvariants(t.app.db);
  }, 120_000);

  it('refuses lending out and borrowing while trading is barred; a recall and a return still go', async () => {
    const user = await trader(t.app, { JPY: '10000000' });
    const lentId = await holding(user);
    const otherId = await holding(user);
    expect((await call(user, '/lending/lend', { position_id: String(lentId) })).body.msg).toBe('lending_lent');
    const borrowed = await call(user, '/lending/borrow', { code: '7203', quantity: '10', term_days: '14' });
    expect(borrowed.body.msg).toBe('borrow_done');
    await t.app.db.tx((tx) =>
      tx.execute(sql`UPDATE users SET trade_disabled = true, restriction_reason = 'Suspected market abuse'
                      WHERE id = ${user.userId}`),
    );
    const before = await balancesOf(t.app, user);
    const lend = await expectRefused(t.app, user, 'trading_disabled', () =>
      call(user, '/lending/lend', { position_id: String(otherId) }),
    );
    expect(lend.body.values).toEqual({ reason: 'Suspected market abuse' });
    const borrow = await expectRefused(t.app, user, 'trading_disabled', () =>
      call(user, '/lending/borrow', { code: '7203', quantity: '10', term_days: '14' }),
    );
    expect(borrow.body.values).toEqual({ reason: 'Suspected market abuse' });
    expect(await balancesOf(t.app, user)).toEqual(before);
    const counts = await t.app.db.tx((tx) =>
      queryRows<{ lendings: number; credits: number }>(
        tx,
        sql`SELECT (SELECT count(*) FROM stock_lendings WHERE user_id = ${user.userId})::int AS lendings,
                   (SELECT count(*) FROM credit_orders WHERE user_id = ${user.userId})::int AS credits`,
      ),
    );
    expect(counts[0]).toEqual({ lendings: 1, credits: 1 });

    // Getting out stays open: the recall of the lent holding, the return of the borrowed shares.
    const [lending] = (await overview(user)).lendings;
    expect((await call(user, '/lending/recall', { id: String(lending!.id) })).body.msg).toBe('lending_recalled');
    const creditId = String((borrowed.body.data as { id: number }).id);
    const returned = await call(user, '/lending/return', { id: creditId });
    expect(returned.body.msg).toBe('borrow_returned');
    await expectLedgerInvariants(t.app.db);
  }, 120_000);

  it('borrows within the credit limit, counts the credit in frozen, accrues the fee and returns', async () => {
    const user = await trader(t.app, { JPY: '1000000' });
    const quote = ENDPOINTS.borrowQuote.data.parse(
      (await call(user, '/lending/borrowQuote', { code: '7203', quantity: '10', term_days: '14' })).body.data,
    );
    expect(quote).toMatchObject({ credit_limit: '200000', credit_available: '200000', terms: [7, 14, 30] });
    expect(quote.fee_estimate).toBe(interestFor(quote.value, quote.annual_rate_pct, 14, 'JPY').toFixed());
    await expectRefused(t.app, user, 'borrow_limit_insufficient', () =>
      call(user, '/lending/borrow', { code: '7203', quantity: '100000', term_days: '14' }),
    );
    const before = await balancesOf(t.app, user);
    const borrowed = await call(user, '/lending/borrow', { code: '7203', quantity: '10', term_days: '14' });
    expect({ status: borrowed.body.status, msg: borrowed.body.msg }).toEqual({ status: 1, msg: 'borrow_done' });

    const list = (await call(user, '/trade/ustockslist', { type: 'jpy' })).body.data as Array<{
      status: number;
      credit: string;
      return_due: string;
    }>;
    expect(list).toHaveLength(1);
    const credit = new Decimal(list[0]!.credit);
    expect(list[0]).toMatchObject({ status: 0, return_due: at(14).toISOString() });
    const during = await balancesOf(t.app, user);
    expect(during.JPY!.available).toBe(before.JPY!.available);
    expect(new Decimal(during.JPY!.frozen).minus(before.JPY!.frozen).toFixed()).toBe(credit.toFixed());
    const credit2 = ENDPOINTS.credit.data.parse((await call(user, '/funds/credit')).body.data);
    expect(credit2.available).toBe(new Decimal(200000).minus(credit).toFixed());

    for (const day of [1, 2]) {
      clock = at(day);
      await t.app.jobs.runDue();
    }
    const fee = interestFor(credit, quote.annual_rate_pct, 2, 'JPY');
    const [order] = ENDPOINTS.borrowings.data.parse(
      (await call(user, '/lending/borrowings', { lang: 'en' })).body.data,
    ).list;
    expect(order).toMatchObject({ status: 'active', accrued_days: 2, fee: fee.toFixed(), overdue: false });

    const returned = await call(user, '/lending/return', { id: String(order!.id) });
    expect({ status: returned.body.status, msg: returned.body.msg }).toEqual({ status: 1, msg: 'borrow_returned' });
    // The answer names what the buy-back did: price, cost, fee and the borrowing's P&L (the result sheet's figures).
    const answered = ENDPOINTS.borrowReturn.data.parse(returned.body.data);
    expect(answered).toMatchObject({ order_no: order!.order_no, currency: 'JPY', fee: fee.toFixed() });
    expect(answered.pnl).toBe(credit.minus(answered.cost).minus(fee).toFixed());
    await expectRefused(t.app, user, 'borrow_not_active', () =>
      call(user, '/lending/return', { id: String(order!.id) }),
    );
    const [done] = ENDPOINTS.borrowings.data.parse((await call(user, '/lending/borrowings', {})).body.data).list;
    expect(done).toMatchObject({ status: 'returned', fee: fee.toFixed() });
    const end = await balancesOf(t.app, user);
    expect(end.JPY!.frozen).toBe(before.JPY!.frozen);
    const pnl = credit.minus(new Decimal(done!.return_price!).times(10)).minus(fee);
    expect(answered.pnl).toBe(pnl.toFixed());
    expect(new Decimal(end.JPY!.available).minus(before.JPY!.available).toFixed()).toBe(pnl.toFixed());
    // Two statement lines: the sale (its proceeds held against the borrowed shares are not the user's money: 0)
    // and the buy-back with the borrowing's profit or loss after the fee, never the proceeds as income.
    const lines = await records(user, 'stock_borrow');
    expect(lines.map((r) => [r.amount, r.frozen])).toEqual([
      [pnl.toFixed(), '0'],
      ['0', '0'],
    ]);
    expect(lines[0]!.memo).toContain('buy back 7203');
    expect(new Decimal(lines[1]!.balance).plus(pnl).toFixed()).toBe(lines[0]!.balance);
    await expectLedgerInvariants(t.app.db);
  }, 120_000);

  it('buys an overdue borrowing back at market once its return date passed (buy-in)', async () => {
    const user = await trader(t.app, { JPY: '1000000' });
    const borrowed = await call(user, '/lending/borrow', { code: '7203', quantity: '5', term_days: '7' });
    expect(borrowed.body.msg).toBe('borrow_done');
    clock = at(6);
    await t.app.jobs.runDue();
    const list = async () =>
      ENDPOINTS.borrowings.data.parse((await call(user, '/lending/borrowings', {})).body.data).list;
    expect((await list())[0]).toMatchObject({ status: 'active', overdue: false });
    clock = at(7); // Monday 10:00 Tokyo, a week later: the return date, the market open
    await t.app.jobs.runDue();
    await t.app.jobs.runDue();
    const [order] = await list();
    const fee = interestFor(order!.credit, order!.annual_rate_pct, 7, 'JPY');
    expect(order).toMatchObject({ status: 'returned', fee: fee.toFixed() });
    expect((await balancesOf(t.app, user)).JPY!.frozen).toBe('0');
    const [told] = await t.app.db.tx((tx) =>
      queryRows<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM messages WHERE user_id = ${user.userId} AND msg_key = 'borrow_bought_in'`,
      ),
    );
    expect(told!.n).toBe(1);
    await expectLedgerInvariants(t.app.db);
  }, 120_000);

  it('ends a lending whose position the matcher closed: no fee after the close', async () => {
    const user = await trader(t.app, { JPY: '10000000' });
    const id = await holding(user);
    expect((await call(user, '/lending/lend', { position_id: String(id) })).body.msg).toBe('lending_lent');
    clock = at(1);
    await t.app.jobs.runDue();
    // as the matcher's margin check would: the position leaves holding (closing requested by the rule) on day 1
    await t.app.db.tx((tx) =>
      tx.execute(sql`UPDATE positions SET status = 1, close_requested_at = ${at(1).toISOString()},
                            closed_by = 'margin_call' WHERE id = ${id}`),
    );
    clock = at(3);
    await t.app.jobs.runDue();
    const [ended] = (await overview(user)).lendings;
    expect(ended).toMatchObject({ status: 'returned', accrued_days: 1 });
    expect(ended!.fee_paid).toBe(interestFor(ended!.value, ended!.annual_rate_pct, 1, 'JPY').toFixed());
    await expectLedgerInvariants(t.app.db);
  }, 120_000);

  it('refuses another user’s lending and borrowing, and a borrowing while the market is closed', async () => {
    const owner = await trader(t.app, { JPY: '1000000' });
    const other = await trader(t.app, { JPY: '1000000' });
    const id = await holding(owner);
    await expectRefused(t.app, other, 'not_found', () => call(other, '/lending/lend', { position_id: String(id) }));
    const borrowed = await call(owner, '/lending/borrow', { code: '7203', quantity: '1', term_days: '7' });
    const orderId = String((borrowed.body.data as { id: number }).id);
    await expectRefused(t.app, other, 'not_found', () => call(other, '/lending/return', { id: orderId }));
    clock = new Date(TOKYO_OPEN.getTime() + 7 * 3_600_000); // 17:00 Tokyo
    await expectRefused(t.app, owner, 'not_trading_time', () =>
      call(owner, '/lending/borrow', { code: '7203', quantity: '1', term_days: '7' }),
    );
  }, 120_000);
});
