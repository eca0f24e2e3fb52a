import { renderRemote } from '#testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, networkDown, ok } from 'shared/test-utils';

const session = { language: 'us' as const, market: 'jpy' as const, token: 't' };
const record = (n: number, type = 'deposit', amount = '1000', frozen = '0', balance = String(1000 * n)) => ({
  id: `r${n}`,
  type,
  order_no: `D${n}`,
  currency: 'JPY',
  amount,
  frozen,
  balance,
  memo: null,
  time: '2026-01-05T01:00:00.000Z',
});

/** A ledger of 25 deposits and 1 withdrawal loss, paged and filtered as the server does. */
function ledger() {
  const all = [record(0, 'withdrawal', '-50000'), ...Array.from({ length: 25 }, (_, i) => record(i + 1))];
  return fakeApi({
    '/funds/records': (form: Record<string, string>) => {
      const rows = form.type ? all.filter((r) => r.type === form.type) : all;
      const page = Number(form.page);
      const size = Number(form.size);
      return ok({ list: rows.slice((page - 1) * size, page * size), total: rows.length });
    },
  });
}

describe('fund records screen', () => {
  it('shows records with type, order number and signed amount, and loads more pages', async () => {
    const user = userEvent.setup();
    const api = ledger();
    await renderRemote('/mine/transactionRecords', { adapter: api, session });
    const list = await screen.findByRole('list', { name: 'Fund records' });
    expect(within(list).getByText('Withdrawal')).toBeInTheDocument();
    expect(within(list).getByText('-50,000.00')).toBeInTheDocument();
    expect(within(list).getAllByText('+1,000.00')).toHaveLength(19);
    expect(screen.getByText('Showing 20 of 26')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByText('+1,000.00')).toHaveLength(25));
    expect(screen.getByText('Showing 26 of 26')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect([...new Set(api.calls.filter((c) => c.url === '/funds/records').map((c) => c.form.page))]).toEqual([
      '1',
      '2',
    ]);
  });

  it('reads like a statement: the money moved, what was frozen or released apart, the balance after', async () => {
    const api = fakeApi({
      '/funds/records': ok({
        list: [
          { ...record(3, 'stock_borrow', '-1477', '0', '998523'), order_no: 'C3' },
          { ...record(2, 'withdrawal_hold', '0', '30000', '1000000'), order_no: 'W2' },
          { ...record(1, 'deposit', '1000000', '0', '1000000'), order_no: 'D1' },
        ],
        total: 3,
      }),
    });
    await renderRemote('/mine/transactionRecords', { adapter: api, session });
    const list = await screen.findByRole('list', { name: 'Fund records' });
    const [buyBack, request, deposit] = within(list).getAllByRole('listitem');
    expect(buyBack).toHaveTextContent('Borrowed shares');
    expect(buyBack).toHaveTextContent('-1,477.00 JPY');
    expect(buyBack).toHaveTextContent('Balance 998,523.00');
    expect(buyBack).not.toHaveTextContent('Frozen');
    // A freeze moves no money: the amount is 0 and the frozen part is told apart, never as income or spending.
    expect(request).toHaveTextContent('0.00 JPY');
    expect(request).toHaveTextContent('Frozen 30,000.00');
    expect(request).not.toHaveTextContent('-30,000.00');
    expect(request).toHaveTextContent('Balance 1,000,000.00');
    expect(deposit).toHaveTextContent('+1,000,000.00 JPY');
    expect(screen.getByText(/One line per event/)).toBeInTheDocument();
  });

  it('filters by type and starts again from the first page', async () => {
    const user = userEvent.setup();
    const api = ledger();
    await renderRemote('/mine/transactionRecords', { adapter: api, session });
    await screen.findByRole('list', { name: 'Fund records' });
    await user.selectOptions(screen.getByLabelText('Type'), 'withdrawal');
    await waitFor(() => expect(screen.getByText('Showing 1 of 1')).toBeInTheDocument());
    expect(api.calls.at(-1)?.form).toEqual({ page: '1', size: '20', type: 'withdrawal' });
  });

  it('offers to retry a further page that failed, below the rows already shown', async () => {
    const user = userEvent.setup();
    const first = Array.from({ length: 20 }, (_, i) => record(i + 1));
    let failures = 1;
    const api = fakeApi({
      '/funds/records': (form: Record<string, string>) => {
        if (form.page === '1') return ok({ list: first, total: 21 });
        return failures-- > 0 ? networkDown() : ok({ list: [record(21)], total: 21 });
      },
    });
    await renderRemote('/mine/transactionRecords', { adapter: api, session });
    const list = await screen.findByRole('list', { name: 'Fund records' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    // the failed page is retried in place, right under the rows already shown
    const failed = await screen.findByRole('alert');
    expect(within(list).getAllByText('+1,000.00')).toHaveLength(20);
    await user.click(within(failed).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(within(list).getAllByText('+1,000.00')).toHaveLength(21));
    expect(screen.getByText('Showing 21 of 21')).toBeInTheDocument();
  });

  it('says why the list is empty and offers a deposit', async () => {
    await renderRemote('/mine/transactionRecords', {
      adapter: fakeApi({ '/funds/records': ok({ list: [], total: 0 }) }),
      session,
    });
    expect(await screen.findByText('No movements yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Make a deposit' })).toHaveAttribute('href', '/mine/stored');
  });
});
