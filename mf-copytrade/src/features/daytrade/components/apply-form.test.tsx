import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok } from 'shared/test-utils';
import { renderRemote } from '#testing';
import { dayConfig, dayTrade } from '../testing/fixtures';

const session = { language: 'us', market: 'jpy', token: 't' } as const;
// A whole screen through the real client on a shared, slow machine: more than jest's default 5 s per test.
jest.setTimeout(30_000);
const valueOf = (scope: HTMLElement, label: string) =>
  within(scope).getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;

describe('day trading: apply', () => {
  it('offers the markets the config allows, names China’s T+1 rule and computes the allowance as typed', async () => {
    const api = fakeApi({ '/daytrade/config': ok(dayConfig()) });
    await renderRemote('/home/withinDays', { adapter: api, session });

    const form = await screen.findByRole('form', { name: 'Apply for day trading' });
    expect(within(form).getByRole('radio', { name: 'Japan' })).toBeChecked();
    expect(within(form).getByRole('radio', { name: 'US' })).toBeEnabled();
    expect(within(form).getByRole('radio', { name: 'China' })).toBeDisabled();
    expect(form).toHaveTextContent('China: China A-shares trade T+1: shares bought today cannot be sold the same day');
    expect(valueOf(form, 'Trade date')).toHaveTextContent('2026-11-24');
    expect(valueOf(form, 'Session')).toHaveTextContent(/^09:00–15:30.JST/);
    expect(valueOf(form, 'Minimum participation')).toHaveTextContent('100,000.00 JPY');
    expect(valueOf(form, 'Available balance')).toHaveTextContent('800,000.00 JPY');
    expect(valueOf(form, 'Allowance multiple')).toHaveTextContent('× 5');

    const allowance = screen.getByTestId('ct-day-allowance');
    expect(allowance).toHaveTextContent('Intraday allowance—Enter an amount: the allowance is it × 5');
    await userEvent.type(within(form).getByLabelText('Participation amount (JPY)'), '123456.78');
    expect(allowance).toHaveTextContent('617,283.90 JPY');
    expect(allowance).toHaveTextContent('123,456.78 × 5');

    await userEvent.click(within(form).getByRole('radio', { name: 'US' }));
    expect(within(form).getByLabelText('Participation amount (USD)')).toBeInTheDocument();
    expect(valueOf(form, 'Minimum participation')).toHaveTextContent('1,000.00 USD');
    expect(document.body.textContent).not.toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
  });

  it('refuses below the minimum and beyond the balance before sending (in Japanese)', async () => {
    const api = fakeApi({ '/daytrade/config': ok(dayConfig()) });
    await renderRemote('/home/withinDays', { adapter: api, session: { ...session, language: 'jp' } });

    const form = await screen.findByRole('form', { name: 'デイトレードに申し込む' });
    const amount = within(form).getByLabelText('参加金額（JPY）');
    await userEvent.type(amount, '99999');
    await userEvent.type(within(form).getByLabelText('取引暗証番号'), '246810');
    await userEvent.click(within(form).getByRole('button', { name: '申し込む' }));
    expect(amount).toHaveAccessibleDescription(
      '参加金額が最低額 100,000.00 JPY を下回っています。その金額以上を入力してください。',
    );

    await userEvent.clear(amount);
    await userEvent.type(amount, '800000.01');
    await userEvent.click(within(form).getByRole('button', { name: '申し込む' }));
    await waitFor(() => expect(amount).toHaveAccessibleDescription('残高が不足しています。'));
    expect(api.calls.some((c) => c.url === '/daytrade/apply')).toBe(false);
  });

  it('applies with an Idempotency-Key; a refusal lands next to its field, a success is said', async () => {
    const api = fakeApi({
      '/daytrade/config': ok(dayConfig()),
      '/daytrade/apply': { status: 0, msg: 'fund_password_wrong' },
    });
    const view = await renderRemote('/home/withinDays?tab=apply', { adapter: api, session });
    const form = await screen.findByRole('form', { name: 'Apply for day trading' });
    await userEvent.type(within(form).getByLabelText('Participation amount (JPY)'), '200000');
    const password = within(form).getByLabelText('Fund password');
    await userEvent.type(password, '246810');
    await userEvent.click(within(form).getByRole('button', { name: 'Submit application' }));
    await waitFor(() => expect(password).toHaveAccessibleDescription('The fund (trading) password is wrong.'));

    api.set('/daytrade/apply', ok(dayTrade({ status: 'submitted', used: '0', remaining: '0', pnl: '0' })));
    await userEvent.click(within(form).getByRole('button', { name: 'Submit application' }));
    await waitFor(() =>
      expect(view.host.toasts).toContain(
        'Day-trading application submitted. The participation is held until it is reviewed.',
      ),
    );
    const calls = api.calls.filter((c) => c.url === '/daytrade/apply');
    expect(calls[1]!.form).toEqual({ market: 'jpy', amount: '200000', fund_password: '246810' });
    expect(calls[1]!.headers['idempotency-key']).toMatch(/^[\w-]{8,}$/);
    expect(form).toHaveTextContent('Application D7 submitted: 200,000.00 JPY is held, pending review for 2026-11-24.');
    expect(within(form).getByRole('link', { name: 'See it in Today' })).toHaveAttribute(
      'href',
      '/home/withinDays?tab=today',
    );
  });

  it('shows the way out of a refusal that is about no field', async () => {
    const api = fakeApi({
      '/daytrade/config': ok(dayConfig()),
      '/daytrade/apply': { status: 0, msg: 'day_trade_already_applied', values: { date: '2026-11-24' } },
    });
    await renderRemote('/home/withinDays', { adapter: api, session });
    const form = await screen.findByRole('form', { name: 'Apply for day trading' });
    await userEvent.type(within(form).getByLabelText('Participation amount (JPY)'), '200000');
    await userEvent.type(within(form).getByLabelText('Fund password'), '246810');
    await userEvent.click(within(form).getByRole('button', { name: 'Submit application' }));
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('You already have a day-trading application for 2026-11-24 on this market.');
    await userEvent.click(within(alert).getByRole('link', { name: 'See today' }));
    expect(await screen.findByRole('tab', { name: 'Today', selected: true })).toBeInTheDocument();
  });
});

describe('day trading: risk disclosure', () => {
  it('asks for the day-trading disclosure when the server needs it, then sends the application again', async () => {
    let acknowledged = false;
    const api = fakeApi({
      '/daytrade/config': ok(dayConfig({ risk_acknowledged: false })),
      '/daytrade/apply': () =>
        acknowledged ? ok(dayTrade({ status: 'submitted' })) : { status: 0, msg: 'risk_disclosure_required' },
      '/trade/riskDisclosure': ok({
        version: 2,
        title: 'Day-trading risk disclosure',
        text: 'Positions are closed at market at the close.\n\nLosses can exceed the participation.',
        acknowledged: false,
        acknowledged_at: null,
      }),
      '/trade/riskAck': () => {
        acknowledged = true;
        return ok({ version: 2, acknowledged_at: '2026-11-24T01:00:00.000Z' });
      },
    });
    const view = await renderRemote('/home/withinDays', { adapter: api, session });
    const form = await screen.findByRole('form', { name: 'Apply for day trading' });
    await userEvent.type(within(form).getByLabelText('Participation amount (JPY)'), '200000');
    await userEvent.type(within(form).getByLabelText('Fund password'), '246810');
    await userEvent.click(within(form).getByRole('button', { name: 'Submit application' }));

    let dialog = await screen.findByRole('alertdialog', { name: 'Day-trading risk disclosure' });
    expect(dialog).toHaveTextContent('Losses can exceed the participation.');
    expect(within(form).queryByRole('alert')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Read and accept the day-trading risk disclosure, then apply again.',
    );

    await userEvent.click(within(form).getByRole('button', { name: 'Submit application' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Day-trading risk disclosure' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'I have read and accept' }));

    await waitFor(() =>
      expect(view.host.toasts).toContain(
        'Day-trading application submitted. The participation is held until it is reviewed.',
      ),
    );
    expect(api.calls.find((c) => c.url === '/trade/riskDisclosure')!.form).toMatchObject({ kind: 'day_trade' });
    expect(api.calls.find((c) => c.url === '/trade/riskAck')!.form).toEqual({ kind: 'day_trade', version: '2' });
    const applies = api.calls.filter((c) => c.url === '/daytrade/apply');
    expect(applies).toHaveLength(3);
    expect(applies[2]!.headers['idempotency-key']).toBe(applies[0]!.headers['idempotency-key']);
  });
});
