import { renderRemote } from '#testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok } from 'shared/test-utils';

const session = { language: 'us' as const, market: 'jpy' as const, token: 't' };
const lendable = {
  position_id: 11,
  market: 'jpy',
  code: '7203',
  name: 'Toyota',
  currency: 'JPY',
  quantity: '100',
  price: '2800',
  value: '280000',
  annual_rate_pct: '1.5',
  daily_fee: '11',
};
const lending = {
  id: 3,
  order_no: 'C3',
  position_id: 9,
  market: 'jpy',
  code: '6758',
  name: 'Sony',
  currency: 'JPY',
  quantity: '100',
  price: '3000',
  value: '300000',
  annual_rate_pct: '2',
  status: 'lent',
  lent_at: '2026-11-16T01:00:00.000Z',
  recalled_at: null,
  returns_on: null as string | null,
  returned_at: null,
  accrued_days: 3,
  fee_paid: '48',
};
const overview = (lendings = [lending]) => ok({ lendable: [lendable], lendings, day_count: 'actual/365' });

function quote(form: Record<string, string> | undefined) {
  const quantity = Number(form?.quantity ?? 0);
  const term = Number(form?.term_days ?? 7);
  const value = form?.code ? quantity * 2800 : 0;
  return ok({
    market: 'jpy',
    currency: 'JPY',
    annual_rate_pct: '3',
    day_count: 'actual/365',
    terms: [7, 14, 30],
    term_days: term,
    price: form?.code ? '2800' : '0',
    value: String(value),
    fee_estimate: String(Math.floor((value * 3 * term) / 36500)),
    return_due: new Date(Date.UTC(2026, 10, 16, 1) + term * 86_400_000).toISOString(),
    credit_limit: '200000',
    credit_available: '200000',
  });
}
const order = {
  id: 5,
  order_no: 'C5',
  market: 'jpy',
  code: '7203',
  name: 'Toyota',
  currency: 'JPY',
  quantity: '10',
  price: '2800',
  credit: '28000',
  annual_rate_pct: '3',
  status: 'active',
  created_at: '2026-11-16T01:00:00.000Z',
  return_due: '2026-11-30T01:00:00.000Z',
  overdue: false,
  accrued_days: 2,
  fee: '4',
  return_price: null,
  returned_at: null,
};

describe('securities lending screen', () => {
  it('lists lendable holdings with the rate and a day’s fee, and lends one with an Idempotency-Key', async () => {
    const user = userEvent.setup();
    let lent = false;
    const api = fakeApi({
      '/lending/overview': () =>
        lent ? overview([lending, { ...lending, id: 4, order_no: 'C4', code: '7203', fee_paid: '0' }]) : overview(),
      '/lending/lend': () => {
        lent = true;
        return ok({ id: 4, order_no: 'C4' });
      },
    });
    const view = await renderRemote('/mine/lending', { adapter: api, session });
    const terms = await screen.findByLabelText('Terms of 7203');
    expect(within(terms).getByText('Annual rate').closest('div')).toHaveTextContent('1.5% a year');
    expect(within(terms).getByText('Fee per day').closest('div')).toHaveTextContent('11.00');
    const fees = screen.getByLabelText('Fees of C3');
    expect(within(fees).getByText('Fee received (3 d)').closest('div')).toHaveTextContent('48.00');
    await user.click(within(screen.getByRole('form', { name: 'Lend 7203' })).getByRole('button', { name: 'Lend' }));
    // Confirmed with its figures first: nothing is sent until then.
    const confirm = await screen.findByRole('alertdialog', { name: 'Lend 7203?' });
    expect(confirm).toHaveTextContent('280,000.00 JPY');
    expect(confirm).toHaveTextContent('1.5% a year');
    expect(api.calls.some((c) => c.url === '/lending/lend')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Lend now' }));
    // Reported with the server's answer in a sheet that stays, not a toast.
    const sheet = await screen.findByRole('dialog', { name: 'Shares lent. The fee is paid daily.' });
    expect(sheet).toHaveTextContent('C4');
    expect(sheet).toHaveTextContent('Toyota 7203');
    expect(view.host.toasts).not.toContain('Shares lent. The fee is paid daily.');
    const call = api.calls.find((c) => c.url === '/lending/lend')!;
    expect(call.form).toEqual({ position_id: '11' });
    expect(call.headers['idempotency-key']).toBeTruthy();
    expect(await screen.findByLabelText('Fees of C4')).toBeInTheDocument();
  });

  it('recalls a lending and shows the date the shares come back', async () => {
    const user = userEvent.setup();
    let recalled = false;
    const api = fakeApi({
      '/lending/overview': () =>
        overview([recalled ? { ...lending, status: 'recalled', returns_on: '2026-11-20' } : lending]),
      '/lending/recall': () => {
        recalled = true;
        return ok({});
      },
    });
    await renderRemote('/mine/lending', { adapter: api, session });
    await user.click(await screen.findByRole('button', { name: 'Recall' }));
    expect(await screen.findByText('Back on 2026-11-20')).toBeInTheDocument();
    expect(screen.getByText('Recalled')).toBeInTheDocument();
    expect(api.calls.find((c) => c.url === '/lending/recall')!.form).toEqual({ id: '3' });
  });

  it('prices a borrowing within the credit limit as it is typed and borrows', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      '/lending/overview': overview(),
      '/lending/borrowQuote': quote,
      '/lending/borrow': ok({ id: 5, order_no: 'C5' }),
      '/lending/borrowings': ok({ list: [order, { ...order, id: 6, order_no: 'C6', status: 'returned' }] }),
    });
    const view = await renderRemote('/mine/lending', { adapter: api, session });
    await user.click(await screen.findByRole('radio', { name: 'Borrow shares' }));
    expect((await screen.findByText('Credit available')).closest('div')).toHaveTextContent('200,000.00');
    await user.type(screen.getByLabelText('Stock code (Japan)'), '7203');
    await user.type(screen.getByLabelText('Quantity (shares)'), '10');
    const priced = await screen.findByText('Fee to the return date');
    expect(priced.closest('div')).toHaveTextContent('16.00');
    const section = screen.getByLabelText('Price of this borrowing');
    expect(within(section).getByText('Credit used').closest('div')).toHaveTextContent('28,000.00');
    await user.click(screen.getByRole('button', { name: 'Borrow and sell' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Borrow and sell 7203?' });
    expect(confirm).toHaveTextContent('28,000.00 JPY');
    expect(confirm).toHaveTextContent('16.00 JPY');
    await user.click(within(confirm).getByRole('button', { name: 'Borrow and sell now' }));
    const sheet = await screen.findByRole('dialog', {
      name: 'Shares borrowed and sold at market; the proceeds are held until the return.',
    });
    expect(sheet).toHaveTextContent('C5');
    expect(sheet).toHaveTextContent('28,000.00 JPY');
    expect(view.host.toasts).toHaveLength(0);
    await user.click(within(sheet).getByRole('button', { name: 'Done' }));
    const call = api.calls.find((c) => c.url === '/lending/borrow')!;
    expect(call.form).toEqual({ code: '7203', quantity: '10', term_days: '7' });
    const list = screen.getByRole('list', { name: 'My credit-stock orders' });
    expect(within(list).getByText('Borrowed')).toBeInTheDocument();
    expect(within(list).getByText('Returned')).toBeInTheDocument();
    expect(within(list).getAllByRole('button', { name: 'Return (buy back at market)' })).toHaveLength(1);
  });

  it('buys a borrowing back after a confirmation and shows the server’s price, cost, fee and P&L', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      '/lending/overview': overview(),
      '/lending/borrowQuote': quote,
      '/lending/borrowings': ok({ list: [order] }),
      '/lending/return': ok({ order_no: 'C5', currency: 'JPY', price: '2950', cost: '29500', fee: '4', pnl: '-1504' }),
    });
    await renderRemote('/mine/lending', { adapter: api, session });
    await user.click(await screen.findByRole('radio', { name: 'Borrow shares' }));
    await user.click(await screen.findByRole('button', { name: 'Return (buy back at market)' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Buy back 7203?' });
    expect(confirm).toHaveTextContent('28,000.00 JPY');
    expect(api.calls.some((c) => c.url === '/lending/return')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Buy back now' }));
    const sheet = await screen.findByRole('dialog', { name: 'Bought back at market and returned; the fee was paid.' });
    expect(sheet).toHaveTextContent('2,950.00 JPY');
    expect(sheet).toHaveTextContent('29,500.00 JPY');
    expect(sheet).toHaveTextContent('-1,504.00 JPY');
    expect(api.calls.find((c) => c.url === '/lending/return')!.form).toEqual({ id: '5' });
  });

  it.each([
    ['cn', '借券与出借', '年化 1.5%'],
    ['jp', '貸株・借株', '年1.5%'],
  ] as const)('reads in %s', async (language, title, rate) => {
    await renderRemote('/mine/lending', {
      adapter: fakeApi({ '/lending/overview': overview() }),
      session: { ...session, language },
    });
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(await screen.findByText(rate)).toBeInTheDocument();
  });
});
