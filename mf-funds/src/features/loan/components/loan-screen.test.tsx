import { renderRemote } from '#testing';
import { act, screen, waitFor, within } from '@testing-library/react';
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

/** The server's quote: 15.0 % a year, actual/365, interest rounded down to the yen. */
function quote(form: Record<string, string> | undefined) {
  const principal = form?.amount ?? '0';
  const term = Number(form?.term_days ?? 30);
  const interest = Math.floor((Number(principal) * 15 * term) / 36500);
  return ok({
    currency: 'JPY',
    annual_rate_pct: '15',
    day_count: 'actual/365',
    terms: [7, 14, 30, 60, 90],
    term_days: term,
    principal,
    interest: String(interest),
    total: String(Number(principal) + interest),
    due_at: new Date(Date.UTC(2026, 10, 16, 1) + term * 86_400_000).toISOString(),
  });
}

describe('loan screen', () => {
  it('shows the credit score with its translated reasons and the limits', async () => {
    await renderRemote('/mine/loan', {
      adapter: fakeApi({ '/funds/credit': ok(credit), '/funds/loanQuote': quote }),
      session,
    });
    expect(await screen.findByText('70')).toBeInTheDocument();
    expect(screen.getByText('Identity verified')).toBeInTheDocument();
    expect(screen.getByText('+10')).toBeInTheDocument();
    expect(screen.getByText('180,000.00')).toBeInTheDocument();
  });

  it('states the rate and the terms before anything is typed, with the term on offer preselected', async () => {
    await renderRemote('/mine/loan', {
      adapter: fakeApi({ '/funds/credit': ok(credit), '/funds/loanQuote': quote }),
      session,
    });
    const price = await screen.findByRole('region', { name: 'Price of this loan' });
    expect(within(price).getByText('15.0% a year')).toBeInTheDocument();
    expect(within(price).getByRole('note')).toHaveTextContent(/accrues daily on the principal outstanding/);
    expect(await screen.findByRole('radio', { name: '30 days' })).toBeChecked();
    expect(within(price).queryByText('Total to repay')).not.toBeInTheDocument();
  });

  it('quotes interest, total and due date from the server as the amount is typed (debounced)', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ '/funds/credit': ok(credit), '/funds/loanQuote': quote });
    await renderRemote('/mine/loan', { adapter: api, session });
    await user.type(await screen.findByLabelText('Loan amount (JPY)'), '120000');
    const price = screen.getByRole('region', { name: 'Price of this loan' });
    await waitFor(() => expect(within(price).getByText('121,479.00')).toBeInTheDocument());
    expect(within(price).getByText('1,479.00')).toBeInTheDocument();
    expect(within(price).getByText('Due date if approved today')).toBeInTheDocument();
    expect(within(price).getByText(/^2026-12-1[56]$/)).toBeInTheDocument();
    // debounced: one quote for the whole amount, none per keystroke
    const amounts = api.calls.filter((c) => c.url === '/funds/loanQuote').map((c) => c.form?.amount);
    expect(amounts.filter(Boolean)).toEqual(['120000']);

    await user.click(screen.getByRole('radio', { name: '7 days' }));
    await waitFor(() => expect(within(price).getByText('120,345.00')).toBeInTheDocument()); // 345.20 → 345
  }, 15_000);

  it('applies for a loan with amount and term and says it was submitted', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      '/funds/credit': ok(credit),
      '/funds/loanQuote': quote,
      '/funds/loanApply': ok({ id: 9, order_no: 'L9' }),
    });
    const view = await renderRemote('/mine/loan', { adapter: api, session });
    await user.type(await screen.findByLabelText('Loan amount (JPY)'), '50000');
    await user.click(await screen.findByRole('radio', { name: '14 days' }));
    await user.click(screen.getByRole('button', { name: 'Submit application' }));
    await waitFor(() => expect(view.host.toasts).toContain('Loan application submitted.'));
    expect(api.calls.find((c) => c.url === '/funds/loanApply')?.form).toEqual({ amount: '50000', term_days: '14' });
  });

  it('refuses more than the available limit before sending it', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ '/funds/credit': ok(credit), '/funds/loanQuote': quote });
    await renderRemote('/mine/loan', { adapter: api, session });
    await user.type(await screen.findByLabelText('Loan amount (JPY)'), '200000');
    await user.click(screen.getByRole('button', { name: 'Submit application' }));
    expect(
      await screen.findByText('Your borrowing limit is insufficient: you can borrow at most 180,000 JPY now.'),
    ).toBeInTheDocument();
    expect(api.calls.some((c) => c.url === '/funds/loanApply')).toBe(false);
  });

  it.each([
    ['cn', '年化 15.0%', '应还总额'],
    ['jp', '年15.0%', 'ご返済総額'],
  ] as const)('states the price in %s', async (language, rate, total) => {
    const user = userEvent.setup();
    await renderRemote('/mine/loan', {
      adapter: fakeApi({ '/funds/credit': ok(credit), '/funds/loanQuote': quote }),
      session: { ...session, language },
    });
    expect(await screen.findByText(rate)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox'), '120000');
    await act(async () => {});
    expect(await screen.findByText(total)).toBeInTheDocument();
    expect(await screen.findByText('121,479.00')).toBeInTheDocument();
  });
});
