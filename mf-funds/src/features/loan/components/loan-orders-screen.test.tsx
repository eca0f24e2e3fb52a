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
  status: 'approved',
  due_at: '2026-02-04T00:00:00.000Z',
  overdue: false,
  created_at: '2026-01-05T00:00:00.000Z',
};
const repaid = { ...approved, id: 3, order_no: 'L3', outstanding: '0', status: 'repaid', due_at: null };

describe('loan orders screen', () => {
  it('lists loans with status, outstanding and due date, and offers Repay only for what is owed', async () => {
    await renderRemote('/mine/loanOrder', {
      adapter: fakeApi({
        '/funds/loans': ok([approved, { ...repaid }, { ...approved, id: 5, order_no: 'L5', overdue: true }]),
      }),
      session,
    });
    const list = await screen.findByRole('list', { name: 'My loans' });
    expect(within(list).getByText('Repaid')).toBeInTheDocument();
    expect(within(list).getByText('Overdue')).toBeInTheDocument();
    expect(within(list).getAllByRole('button', { name: 'Repay' })).toHaveLength(2);
    expect(within(list).getAllByText(/^Due /)).toHaveLength(2);
  });

  it('refuses a repayment below the amount outstanding before sending it', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ '/funds/loans': ok([approved]), '/funds/loanRepay': ok({}) });
    await renderRemote('/mine/loanOrder', { adapter: api, session });
    await user.click(await screen.findByRole('button', { name: 'Repay' }));
    const amount = screen.getByLabelText('Repayment (JPY)');
    expect(amount).toHaveValue('120000');
    await user.clear(amount);
    await user.type(amount, '100000');
    await user.click(screen.getByRole('button', { name: 'Repay now' }));
    expect(amount).toHaveAccessibleDescription('The repayment cannot be less than the amount borrowed.');
    expect(api.calls.some((c) => c.url === '/funds/loanRepay')).toBe(false);
  });

  it('repays the amount outstanding with an Idempotency-Key and refreshes the list', async () => {
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
    expect(call.form).toEqual({ id: '4', amount: '120000' });
    expect(call.headers['idempotency-key']).toBeTruthy();
    expect(await screen.findByText('Repaid')).toBeInTheDocument();
  });
});
