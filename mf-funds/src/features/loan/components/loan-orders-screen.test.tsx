import { renderRemote } from '#testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok } from 'shared/test-utils';

const session = { language: 'us' as const, market: 'jpy' as const, token: 't' };
const approved = {
  id: 4,
  order_no: 'L4',
  currency: 'JPY',
  amount: '120000',
  outstanding: '120000',
  term_days: 30,
  annual_rate_pct: '15',
  status: 'approved',
  started_at: '2026-01-05T03:00:00.000Z',
  due_at: '2026-02-04T03:00:00.000Z',
  interest_at_due: '1479',
  total_at_due: '121479',
  days_accrued: 10,
  interest_today: '493',
  owed_today: '120493',
  interest_paid: '0',
  overdue: false,
  overdue_days: 0,
  created_at: '2026-01-05T00:00:00.000Z',
};
const repaid = {
  ...approved,
  id: 3,
  order_no: 'L3',
  outstanding: '0',
  status: 'repaid',
  days_accrued: 0,
  interest_today: '0',
  owed_today: '0',
  interest_paid: '493',
};
const overdue = {
  ...approved,
  id: 5,
  order_no: 'L5',
  days_accrued: 32,
  interest_today: '1578',
  owed_today: '121578',
  overdue: true,
  overdue_days: 2,
};

describe('loan orders screen', () => {
  it('lists loans with status, outstanding and due date, and offers Repay only for what is owed', async () => {
    await renderRemote('/mine/loanOrder', {
      adapter: fakeApi({
        '/funds/loans': ok([approved, repaid, overdue]),
      }),
      session,
    });
    const list = await screen.findByRole('list', { name: 'My loans' });
    expect(within(list).getByText('Repaid')).toBeInTheDocument();
    expect(within(list).getByText('Overdue: 2 days past due')).toBeInTheDocument();
    expect(within(list).getAllByRole('button', { name: 'Repay' })).toHaveLength(2);
    expect(within(list).getAllByText(/^Due /)).toHaveLength(3);
  });

  it('shows the schedule: rate, period, principal, interest to date, total at the due date, owed today', async () => {
    await renderRemote('/mine/loanOrder', { adapter: fakeApi({ '/funds/loans': ok([approved, repaid]) }), session });
    const schedule = await screen.findByLabelText('Schedule of loan L4');
    const row = (label: string | RegExp) => within(schedule).getByText(label).closest('div')!;
    expect(row('Annual interest rate')).toHaveTextContent('15.0% a year');
    expect(row('Principal')).toHaveTextContent('120,000.00');
    expect(row('Interest to date (10 d)')).toHaveTextContent('493.00');
    expect(row(/^Total due on 2026-02-0[34]$/)).toHaveTextContent('121,479.00');
    expect(row('Owed today')).toHaveTextContent('120,493.00');
    const paid = screen.getByLabelText('Schedule of loan L3');
    expect(within(paid).getByText('Interest paid').closest('div')).toHaveTextContent('493.00');
    expect(within(paid).queryByText('Owed today')).not.toBeInTheDocument();
  });

  it.each([
    ['cn', '今日应还', '已逾期 · 超过到期日 2 天', '年化 15.0%'],
    ['jp', '本日時点のご返済額', '延滞中・期日から2日', '年15.0%'],
  ] as const)('shows the schedule and what is owed today in %s', async (language, owedToday, late, rate) => {
    await renderRemote('/mine/loanOrder', {
      adapter: fakeApi({ '/funds/loans': ok([overdue]) }),
      session: { ...session, language },
    });
    expect((await screen.findByText(owedToday)).closest('div')).toHaveTextContent('121,578.00');
    expect(screen.getByText(late)).toBeInTheDocument();
    expect(screen.getByText(rate)).toBeInTheDocument();
  });

  it('refuses a repayment below what is owed today before sending it', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ '/funds/loans': ok([approved]), '/funds/loanRepay': ok({}) });
    await renderRemote('/mine/loanOrder', { adapter: api, session });
    await user.click(await screen.findByRole('button', { name: 'Repay' }));
    const amount = screen.getByLabelText('Repayment (JPY)');
    expect(amount).toHaveValue('120493');
    await user.clear(amount);
    await user.type(amount, '120000');
    await user.click(screen.getByRole('button', { name: 'Repay now' }));
    expect(amount).toHaveAccessibleDescription(
      'The repayment cannot be less than the 120,493 JPY owed today (principal + interest to date).',
    );
    expect(api.calls.some((c) => c.url === '/funds/loanRepay')).toBe(false);
  });

  it('repays what is owed today with an Idempotency-Key and refreshes the list', async () => {
    const user = userEvent.setup();
    let repaidYet = false;
    const api = fakeApi({
      '/funds/loans': () => ok([repaidYet ? { ...approved, outstanding: '0', status: 'repaid' } : approved]),
      '/funds/loanRepay': () => {
        repaidYet = true;
        return ok({});
      },
    });
    const view = await renderRemote('/mine/loanOrder', { adapter: api, session });
    await user.click(await screen.findByRole('button', { name: 'Repay' }));
    await user.click(screen.getByRole('button', { name: 'Repay now' }));
    await waitFor(() => expect(view.host.toasts).toContain('The loan is repaid.'));
    const call = api.calls.find((c) => c.url === '/funds/loanRepay')!;
    expect(call.form).toEqual({ id: '4', amount: '120493' });
    expect(call.headers['idempotency-key']).toBeTruthy();
    expect(await screen.findByText('Repaid')).toBeInTheDocument();
  });
});
