import { renderRemote } from '#testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok } from 'shared/test-utils';

const session = { language: 'us' as const, market: 'jpy' as const, token: 't' };
const credit = {
  score: 70,
  threshold: 60,
  limit: '300000',
  borrowed: '120000',
  available: '180000',
  currency: 'JPY',
  reasons: [
    { key: 'base', points: 60 },
    { key: 'identity_verified', points: 10 },
  ],
};

describe('loan screen', () => {
  it('shows the credit score with its translated reasons and the limits', async () => {
    await renderRemote('/mine/loan', { adapter: fakeApi({ '/funds/credit': ok(credit) }), session });
    expect(await screen.findByText('70')).toBeInTheDocument();
    expect(screen.getByText('Identity verified')).toBeInTheDocument();
    expect(screen.getByText('+10')).toBeInTheDocument();
    expect(screen.getByText('180,000.00')).toBeInTheDocument();
  });

  it('applies for a loan with amount and term and says it was submitted', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ '/funds/credit': ok(credit), '/funds/loanApply': ok({ id: 9, order_no: 'L9' }) });
    const view = await renderRemote('/mine/loan', { adapter: api, session });
    await user.type(await screen.findByLabelText('Loan amount (JPY)'), '50000');
    await user.click(screen.getByRole('radio', { name: '14 days' }));
    await user.click(screen.getByRole('button', { name: 'Submit application' }));
    await waitFor(() => expect(view.host.toasts).toContain('Loan application submitted.'));
    expect(api.calls.find((c) => c.url === '/funds/loanApply')?.form).toEqual({ amount: '50000', term_days: '14' });
  });

  it('refuses more than the available limit before sending it', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ '/funds/credit': ok(credit) });
    await renderRemote('/mine/loan', { adapter: api, session });
    await user.type(await screen.findByLabelText('Loan amount (JPY)'), '200000');
    await user.click(screen.getByRole('button', { name: 'Submit application' }));
    expect(await screen.findByText('Your borrowing limit is insufficient.')).toBeInTheDocument();
    expect(api.calls.some((c) => c.url === '/funds/loanApply')).toBe(false);
  });
});
