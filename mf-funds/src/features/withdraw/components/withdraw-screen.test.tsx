import { renderRemote } from '#testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok, type FakeHandler } from 'shared/test-utils';

const session = { language: 'us' as const, market: 'jpy' as const, token: 't' };
const rules = {
  min: { JPY: '30000', USD: '200', CNY: '1500' },
  hours: '09:00-15:30',
  open_now: true,
  next_open: null,
  arrival: '24h',
  credit_threshold: 60,
  blocking: [] as Array<{ key: string; values: Record<string, string> }>,
};
const card = {
  id: 3,
  holder_name: 'YAMADA TARO',
  card_type: 'ordinary',
  bank_name: 'MUFG',
  branch_name: 'Honten',
  branch_code: '001',
  card_number_masked: '****4567',
  created_at: '2026-01-01T00:00:00.000Z',
};

function api(withdraw: FakeHandler = ok({ id: 1, order_no: 'W1' }), overrides: Record<string, FakeHandler> = {}) {
  return fakeApi({
    '/funds/withdrawRules': ok(rules),
    '/funds/balances': ok([{ currency: 'JPY', available: '500000', frozen: '0' }]),
    '/user/banks': ok([card]),
    '/user/withdrawallist': ok([]),
    '/user/withdraw': withdraw,
    ...overrides,
  });
}

async function submitWithdrawal(user: ReturnType<typeof userEvent.setup>, amount = '50000', confirmed = true) {
  await screen.findByRole('option', { name: /MUFG/ });
  await user.type(screen.getByLabelText('Amount (JPY)'), amount);
  await user.type(screen.getByLabelText('Fund password'), '123456');
  await user.click(screen.getByRole('button', { name: 'Request withdrawal' }));
  if (!confirmed) return;
  const confirm = await screen.findByRole('alertdialog', { name: 'Confirm the withdrawal' });
  await user.click(within(confirm).getByRole('button', { name: 'Withdraw now' }));
}

describe('withdraw screen', () => {
  it('shows the server’s rules: minimums, hours, open now, arrival', async () => {
    await renderRemote('/mine/withdraw', { adapter: api(), session });
    expect(
      await screen.findByText('Minimum per withdrawal: 30,000 JPY · 200.00 USD · 1,500.00 CNY.'),
    ).toBeInTheDocument();
    expect(
      // Japan time names its zone; jest's device is in UTC, so its clock follows.
      screen.getByText('Withdrawals are accepted on business days, 09:00–15:30 JST · 00:00–06:30 your time.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Open now.')).toBeInTheDocument();
    expect(screen.getByText(/arrive within 24 hours/)).toBeInTheDocument();
  });

  it('says when withdrawals open next while closed', async () => {
    await renderRemote('/mine/withdraw', {
      adapter: api(undefined, {
        '/funds/withdrawRules': ok({ ...rules, open_now: false, next_open: '2026-01-05 09:00 JST' }),
      }),
      session,
    });
    expect(
      await screen.findByText('Closed now. Next opening: 2026-01-05 09:00 JST · 00:00 your time.'),
    ).toBeInTheDocument();
  });

  it('shows the card compactly as bank and last four digits, the holder and branch below the select', async () => {
    await renderRemote('/mine/withdraw', { adapter: api(), session });
    expect(await screen.findByRole('option', { name: 'MUFG · ****4567' })).toBeInTheDocument();
    expect(screen.getByText('YAMADA TARO · Honten')).toBeInTheDocument();
  });

  it(
    'sends amount, currency, card and fund password with an Idempotency-Key ' + 'and shows the available balance',
    async () => {
      const user = userEvent.setup();
      const fake = api();
      const view = await renderRemote('/mine/withdraw', { adapter: fake, session });
      expect(await screen.findByText('500,000.00')).toBeInTheDocument();
      await submitWithdrawal(user);
      const call = fake.calls.find((c) => c.url === '/user/withdraw')!;
      expect(call.form).toEqual({ amount: '50000', currency: 'JPY', card_id: '3', fund_password: '123456' });
      expect(call.headers['idempotency-key']).toBeTruthy();
      // The server's answer in a sheet that stays (not a 2-second toast): number, amount frozen, state, where.
      const sheet = await screen.findByRole('dialog', { name: 'Withdrawal submitted.' });
      expect(sheet).toHaveTextContent('W1');
      expect(sheet).toHaveTextContent('50,000.00 JPY');
      expect(sheet).toHaveTextContent('MUFG · ****4567');
      expect(sheet).toHaveTextContent('Pending review');
      expect(within(sheet).getByRole('button', { name: 'See fund records' })).toBeInTheDocument();
      expect(view.host.toasts).not.toContain('Withdrawal submitted.');
    },
  );

  it('asks to confirm with the figures first; cancelling sends nothing', async () => {
    const user = userEvent.setup();
    const fake = api(undefined, {
      '/funds/balances': ok([{ currency: 'JPY', available: '2000000', frozen: '0' }]),
    });
    await renderRemote('/mine/withdraw', { adapter: fake, session });
    await screen.findByRole('option', { name: /MUFG/ });
    await user.type(screen.getByLabelText('Amount (JPY)'), '1500000');
    await user.type(screen.getByLabelText('Fund password'), '123456');
    await user.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Confirm the withdrawal' });
    expect(confirm).toHaveTextContent('1,500,000.00 JPY');
    expect(confirm).toHaveTextContent('MUFG · ****4567');
    expect(confirm).toHaveTextContent(/arrive within 24 hours/);
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(fake.calls.some((c) => c.url === '/user/withdraw')).toBe(false);
  });

  it('shows every blocking reason with its way out before any amount or password is asked', async () => {
    const blocking = [
      { key: 'realname_required', values: {} },
      { key: 'fund_password_not_set', values: {} },
      { key: 'loan_unpaid', values: { amount: '120,000 JPY' } },
    ];
    await renderRemote('/mine/withdraw', {
      adapter: api(undefined, { '/funds/withdrawRules': ok({ ...rules, blocking }) }),
      session,
    });
    const list = await screen.findByRole('list', { name: 'You cannot withdraw yet' });
    const alerts = within(list).getAllByRole('alert');
    expect(alerts).toHaveLength(3);
    expect(within(alerts[0]!).getByRole('link', { name: 'Verify your identity' })).toHaveAttribute(
      'href',
      '/mine/verified',
    );
    expect(within(alerts[1]!).getByRole('link', { name: 'Set a fund password' })).toBeInTheDocument();
    expect(alerts[2]).toHaveTextContent('Repay 120,000 JPY first.');
    expect(screen.getByText('500,000.00')).toBeInTheDocument();
    expect(screen.queryByLabelText('Fund password')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request withdrawal' })).not.toBeInTheDocument();
  });

  it.each(['cny', 'usd'] as const)(
    'starts in JPY, the account currency, even when the quotes tab last showed the %s market',
    async (market) => {
      await renderRemote('/mine/withdraw', { adapter: api(), session: { ...session, market } });
      await screen.findByRole('option', { name: /MUFG/ });
      expect(screen.getByRole('combobox', { name: 'Currency' })).toHaveValue('JPY');
      expect(screen.getByLabelText('Amount (JPY)')).toBeInTheDocument();
    },
  );

  it('refuses a withdrawal below 30,000 yen before sending it', async () => {
    const user = userEvent.setup();
    const fake = api();
    await renderRemote('/mine/withdraw', { adapter: fake, session });
    await submitWithdrawal(user, '1000', false);
    expect(await screen.findByText('The minimum withdrawal is 30,000 JPY per transaction.')).toBeInTheDocument();
    expect(fake.calls.some((c) => c.url === '/user/withdraw')).toBe(false);
  });

  it.each([
    [
      'positions_open',
      {},
      'You have open positions. Close them before withdrawing.',
      { link: 'See positions', to: '/position/index' },
    ],
    [
      'loan_unpaid',
      { amount: '120,000 JPY' },
      'You have an unpaid credit loan. Repay 120,000 JPY first.',
      { link: 'Repay the loan', to: '/mine/loanOrder' },
    ],
    ['order_under_review', {}, 'Your order is under review. Please wait.', { text: 'still under review' }],
    [
      'credit_score_low',
      { score: '40', min: '60' },
      'Credit score too low (40, 60 needed) to withdraw. Contact customer service.',
      { button: 'Contact customer service' },
    ],
    [
      'fund_password_not_set',
      {},
      'Set your fund password first.',
      { link: 'Set a fund password', to: '/mine/fundPassword' },
    ],
    [
      'withdraw_closed_hours',
      { opens: '2026-01-05 09:00 JST' },
      'Next opening: 2026-01-05 09:00 JST · 00:00 your time.',
      { text: 'Submit again when withdrawals open' },
    ],
    [
      'realname_required',
      {},
      'Please complete real-name verification first.',
      { link: 'Verify your identity', to: '/mine/verified' },
    ],
    ['bank_card_required', {}, 'Bind a bank card first.', { link: 'Bind a bank card', to: '/mine/bankAdd' }],
  ] as const)('shows the refusal %s with its way out', async (key, values, message, way) => {
    const user = userEvent.setup();
    await renderRemote('/mine/withdraw', { adapter: api({ status: 0, msg: key, values }), session });
    await submitWithdrawal(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    if ('link' in way) expect(within(alert).getByRole('link', { name: way.link })).toHaveAttribute('href', way.to);
    if ('button' in way) expect(within(alert).getByRole('button', { name: way.button })).toBeInTheDocument();
    if ('text' in way) expect(alert).toHaveTextContent(way.text);
  });

  it('shows withdraw_min from the server next to the amount', async () => {
    const user = userEvent.setup();
    await renderRemote('/mine/withdraw', {
      adapter: api({ status: 0, msg: 'withdraw_min', field: 'amount', values: { min: '30,000 JPY' } }),
      session,
    });
    await submitWithdrawal(user);
    const amount = await screen.findByLabelText('Amount (JPY)');
    // The refusal arrives after the submit: wait for it rather than reading the field at once.
    await waitFor(() =>
      expect(amount).toHaveAccessibleDescription('The minimum withdrawal is 30,000 JPY per transaction.'),
    );
  });

  it('offers to bind a card when none is bound', async () => {
    await renderRemote('/mine/withdraw', { adapter: api(undefined, { '/user/banks': ok([]) }), session });
    expect(await screen.findByRole('link', { name: 'Bind a bank card' })).toHaveAttribute('href', '/mine/bankAdd');
  });

  it('lists recent withdrawals with their review state (0 pending, 1 paid out, 2 rejected)', async () => {
    const list = [
      { id: '1', order_no: 'W1', status: 0, money: '50000', currency: 'JPY' },
      { id: '2', order_no: 'W2', status: 1, money: '-', currency: 'JPY' },
      { id: '3', order_no: 'W3', status: 2, money: '40000', currency: 'JPY', reject_reason: 'Card closed' },
    ];
    const fake = api(undefined, { '/user/withdrawallist': ok(list) });
    await renderRemote('/mine/withdraw', { adapter: fake, session });
    const recent = await screen.findByRole('list', { name: 'Recent withdrawals' });
    expect(within(recent).getByText('Pending review')).toBeInTheDocument();
    expect(within(recent).getByText('Paid out')).toBeInTheDocument();
    expect(within(recent).getByText('Rejected')).toBeInTheDocument();
    expect(within(recent).getByText('Reason: Card closed')).toBeInTheDocument();
    expect(within(recent).getByText('0.00')).toBeInTheDocument();
    expect(fake.calls.find((c) => c.url === '/user/withdrawallist')?.form).toEqual({ type: 'jpy' });
  });
});
