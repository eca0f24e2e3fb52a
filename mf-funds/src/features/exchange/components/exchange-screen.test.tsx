import { renderRemote } from '#testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok, refused } from 'shared/test-utils';

const session = { language: 'us' as const, market: 'jpy' as const, token: 't' };
const rate = { from: 'JPY', to: 'USD', rate: '0.0067', spread: '0.005', updated_at: '2026-01-05T01:00:00.000Z' };
const booked = {
  order_no: 'X1',
  from: 'JPY',
  to: 'USD',
  debited: '10000',
  credited: '66.66',
  rate: '0.0067',
  fee: '0.34',
};

function api(exchange = ok(booked)) {
  return fakeApi({
    '/funds/rates': ok([rate]),
    '/funds/balances': ok([{ currency: 'JPY', available: '50000', frozen: '0' }]),
    '/funds/exchange': exchange,
  });
}

describe('exchange screen', () => {
  it('previews the exchange, confirms it, and sends it once with an Idempotency-Key', async () => {
    const user = userEvent.setup();
    const fake = api();
    const view = await renderRemote('/mine/exchange', { adapter: fake, session });
    expect((await screen.findAllByText('1 USD = 149.25 JPY')).length).toBeGreaterThan(0);
    await user.type(screen.getByLabelText('Amount (JPY)'), '10000');
    await user.click(screen.getByRole('button', { name: 'Exchange' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(fake.calls.some((c) => c.url === '/funds/exchange')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Exchange now' }));
    await waitFor(() => expect(view.host.toasts).toContain('Exchange completed.'));
    const call = fake.calls.find((c) => c.url === '/funds/exchange')!;
    expect(call.form).toEqual({ from: 'JPY', to: 'USD', amount: '10000' });
    expect(call.headers['idempotency-key']).toBeTruthy();
    expect(await screen.findByRole('status')).toHaveTextContent('X1');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('reads every rate in the natural direction: 1 of the higher-valued currency', async () => {
    const user = userEvent.setup();
    await renderRemote('/mine/exchange', { adapter: api(), session });
    expect(await screen.findByText('1 USD = 149.25 JPY')).toBeInTheDocument();
    expect(screen.queryByText(/^1 JPY =/)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Amount (JPY)'), '10000');
    await user.click(screen.getByRole('button', { name: 'Exchange' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('1 USD = 149.25 JPY')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Exchange now' }));
    expect(await screen.findByRole('status')).toHaveTextContent('1 USD = 149.25 JPY');
  });

  it('keeps a rate above 1 as quoted, to 5 significant digits', async () => {
    await renderRemote('/mine/exchange', {
      adapter: fakeApi({
        '/funds/rates': ok([{ ...rate, from: 'USD', to: 'JPY', rate: '150.123456' }]),
        '/funds/balances': ok([{ currency: 'USD', available: '500', frozen: '0' }]),
      }),
      session: { ...session, market: 'usd' as const },
    });
    const from = await screen.findByLabelText('From');
    await userEvent.setup().selectOptions(from, 'USD');
    await userEvent.setup().selectOptions(screen.getByLabelText('To'), 'JPY');
    expect(await screen.findByText('1 USD = 150.12 JPY')).toBeInTheDocument();
  });

  it('refuses the same currency and more than the balance before asking to confirm', async () => {
    const user = userEvent.setup();
    const fake = api();
    await renderRemote('/mine/exchange', { adapter: fake, session });
    expect((await screen.findAllByText('1 USD = 149.25 JPY')).length).toBeGreaterThan(0);
    await user.type(screen.getByLabelText('Amount (JPY)'), '60000');
    await user.click(screen.getByRole('button', { name: 'Exchange' }));
    expect(await screen.findByText('Insufficient balance.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('To'), 'JPY');
    expect(await screen.findByText('You cannot exchange a currency for itself.')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(fake.calls.some((c) => c.url === '/funds/exchange')).toBe(false);
  });

  it('shows a refusal with its way out after the confirmation', async () => {
    const user = userEvent.setup();
    await renderRemote('/mine/exchange', { adapter: api(refused('account_frozen')), session });
    expect((await screen.findAllByText('1 USD = 149.25 JPY')).length).toBeGreaterThan(0);
    await user.type(screen.getByLabelText('Amount (JPY)'), '10000');
    await user.click(screen.getByRole('button', { name: 'Exchange' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Exchange now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Contact customer service');
  });
});
