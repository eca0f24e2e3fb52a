/**
 * @jest-environment jsdom
 *
 * The one form pattern: the contract's schema speaks before the server does (same keys), a refusal
 * lands under its field or above the submit, the button is busy in flight, and a money call keeps
 * its Idempotency-Key until it succeeds or the request changes.
 */
import '@testing-library/jest-dom';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { z } from 'zod';
import { messageResources } from '../messages';
import { useContractForm, type ContractFormOptions } from './use-contract-form';

const endpoint = {
  request: z.object({
    amount: z.string().trim().min(1, 'amount_required'),
    fund_password: z.string().min(6, 'password_too_short'),
  }),
};
type Values = { amount: string; fund_password: string };

const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: 'en',
  ns: ['msg', 'test'],
  initAsync: false,
  resources: { en: { msg: messageResources('en'), test: { amount: 'Amount' } } },
});

type Send = ContractFormOptions<Values, Values>['send'];

function Form({ send, onSuccess }: { send: Send; onSuccess?: () => void }) {
  const form = useContractForm<Values>({
    endpoint,
    namespace: 'test',
    labels: { amount: 'amount' },
    defaultValues: { amount: '', fund_password: '' },
    rules: (values) => (values.amount === '999' ? { amount: { key: 'insufficient_balance' } } : {}),
    keyFields: { fund_password_wrong: 'fund_password' },
    send,
    onSuccess,
  });
  return (
    <form onSubmit={form.onSubmit} noValidate>
      <label htmlFor="amount">Amount</label>
      <input id="amount" {...form.form.register('amount')} />
      <p data-testid="amount-error">{form.errorOf('amount')}</p>
      <label htmlFor="password">Password</label>
      <input id="password" {...form.form.register('fund_password')} />
      <p data-testid="password-error">{form.errorOf('fund_password')}</p>
      <p data-testid="refusal">{form.refusal?.msg}</p>
      <button type="submit" disabled={form.busy}>
        {form.busy ? 'busy' : 'send'}
      </button>
    </form>
  );
}

const text = (key: string, values?: Record<string, unknown>) => i18n.t(`msg:${key}`, values);

function setup(send: Send, onSuccess?: () => void) {
  const user = userEvent.setup();
  render(
    <I18nextProvider i18n={i18n}>
      <Form send={send} onSuccess={onSuccess} />
    </I18nextProvider>,
  );
  return user;
}

describe('useContractForm', () => {
  it('shows the contract schema’s keys under their fields and sends nothing', async () => {
    const send = jest.fn<ReturnType<Send>, Parameters<Send>>();
    const user = setup(send);
    await user.type(screen.getByLabelText('Password'), '123');
    await user.click(screen.getByRole('button', { name: 'send' }));
    expect(await screen.findByTestId('amount-error')).toHaveTextContent(text('amount_required'));
    expect(screen.getByTestId('password-error')).toHaveTextContent(text('password_too_short', { min: 6 }));
    expect(send).not.toHaveBeenCalled();
  });

  it('checks the screen’s own rules after the schema', async () => {
    const send = jest.fn<ReturnType<Send>, Parameters<Send>>();
    const user = setup(send);
    await user.type(screen.getByLabelText('Amount'), '999');
    await user.type(screen.getByLabelText('Password'), '123456');
    await user.click(screen.getByRole('button', { name: 'send' }));
    expect(await screen.findByTestId('amount-error')).toHaveTextContent(text('insufficient_balance'));
    expect(send).not.toHaveBeenCalled();
  });

  it('places a refusal under the field it names or the field its key belongs to, else above the submit', async () => {
    const answers = [
      { error: { status: 200, kind: 'business', msg: 'withdraw_min', field: 'amount', values: { min: '30000' } } },
      { error: { status: 200, kind: 'business', msg: 'fund_password_wrong' } },
      { error: { status: 200, kind: 'business', msg: 'positions_open' } },
    ];
    const send = jest.fn<ReturnType<Send>, Parameters<Send>>(async () => answers.shift()!);
    const user = setup(send);
    await user.type(screen.getByLabelText('Amount'), '100');
    await user.type(screen.getByLabelText('Password'), '123456');
    await user.click(screen.getByRole('button', { name: 'send' }));
    expect(await screen.findByTestId('amount-error')).toHaveTextContent(text('withdraw_min', { min: '30000' }));
    await user.click(screen.getByRole('button', { name: 'send' }));
    await waitFor(() => expect(screen.getByTestId('password-error')).toHaveTextContent(text('fund_password_wrong')));
    await user.click(screen.getByRole('button', { name: 'send' }));
    await waitFor(() => expect(screen.getByTestId('refusal')).toHaveTextContent('positions_open'));
    expect(send.mock.calls[0]![0]).toEqual({ amount: '100', fund_password: '123456' });
  });

  it(
    'is busy while the call is in flight, and keeps one Idempotency-Key until the request changes or succeeds',
    busyAndOneIdempotencyKey,
  );

  async function busyAndOneIdempotencyKey(): Promise<void> {
    let settle: (value: { data?: unknown; error?: unknown }) => void = () => undefined;
    const send = jest.fn<ReturnType<Send>, Parameters<Send>>(() => new Promise((resolve) => (settle = resolve)));
    const onSuccess = jest.fn();
    const user = setup(send, onSuccess);
    await user.type(screen.getByLabelText('Amount'), '100');
    await user.type(screen.getByLabelText('Password'), '123456');
    await user.click(screen.getByRole('button', { name: 'send' }));
    expect(await screen.findByRole('button', { name: 'busy' })).toBeDisabled();
    await act(async () => settle({ error: { status: 0, kind: 'network', msg: 'network_error' } }));
    await user.click(screen.getByRole('button', { name: 'send' }));
    await act(async () => settle({ error: { status: 0, kind: 'network', msg: 'network_error' } }));
    await user.type(screen.getByLabelText('Amount'), '0');
    await user.click(screen.getByRole('button', { name: 'send' }));
    await act(async () => settle({ data: { id: 1 } }));
    await user.click(screen.getByRole('button', { name: 'send' }));
    await act(async () => settle({ data: { id: 2 } }));
    const keys = send.mock.calls.map((call) => call[1]);
    expect(keys[0]).toBe(keys[1]); // a retry of the same request replays, never moves money twice
    expect(keys[2]).not.toBe(keys[1]); // the amount changed: a new request
    expect(keys[3]).not.toBe(keys[2]); // after a success the next submission is a new request
    expect(onSuccess).toHaveBeenCalledTimes(2);
  }
});

function RiskForm({ send, then }: { send: Send; then: () => void }) {
  const form = useContractForm<Values>({
    endpoint,
    namespace: 'test',
    defaultValues: { amount: '100', fund_password: '123456' },
    riskKind: 'copy_trade',
    send,
  });
  return (
    <form onSubmit={form.onSubmit} noValidate>
      <p data-testid="refusal">{form.refusal?.msg}</p>
      <button type="submit">send</button>
      <button type="button" onClick={() => form.risk.ask(then)}>
        ask first
      </button>
      {form.risk.open ? (
        <div role="alertdialog" aria-label={form.risk.kind}>
          <button type="button" onClick={form.risk.onAccepted}>
            accept
          </button>
          <button type="button" onClick={form.risk.onCancel}>
            decline
          </button>
        </div>
      ) : null}
    </form>
  );
}

function setupRisk(send: Send, then: () => void = () => undefined) {
  const user = userEvent.setup();
  render(
    <I18nextProvider i18n={i18n}>
      <RiskForm send={send} then={then} />
    </I18nextProvider>,
  );
  return user;
}

const riskRefused = { error: { status: 200, kind: 'business', msg: 'risk_disclosure_required' } };

describe('useContractForm with riskKind', () => {
  it('opens the disclosure on risk_disclosure_required; accepted, it sends the same submission again', async () => {
    const answers = [riskRefused, { data: { id: 1 } }];
    const send = jest.fn<ReturnType<Send>, Parameters<Send>>(async () => answers.shift()!);
    const user = setupRisk(send);
    await user.click(screen.getByRole('button', { name: 'send' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'copy_trade' });
    expect(screen.getByTestId('refusal')).toBeEmptyDOMElement(); // the disclosure says it, not the form
    expect(send).toHaveBeenCalledTimes(1);
    await user.click(within(dialog).getByRole('button', { name: 'accept' }));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(2));
    expect(send.mock.calls[1]).toEqual(send.mock.calls[0]); // same body, same Idempotency-Key
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('declined, the refusal stays on the form until the next submission asks again', async () => {
    const send = jest.fn<ReturnType<Send>, Parameters<Send>>(async () => riskRefused);
    const user = setupRisk(send);
    await user.click(screen.getByRole('button', { name: 'send' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'decline' }));
    expect(screen.getByTestId('refusal')).toHaveTextContent('risk_disclosure_required');
    expect(send).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'send' }));
    await screen.findByRole('alertdialog');
    expect(screen.getByTestId('refusal')).toBeEmptyDOMElement();
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('asked first, accepting runs the screen’s continuation and sends nothing', async () => {
    const send = jest.fn<ReturnType<Send>, Parameters<Send>>();
    const then = jest.fn();
    const user = setupRisk(send, then);
    await user.click(screen.getByRole('button', { name: 'ask first' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'accept' }));
    expect(then).toHaveBeenCalledTimes(1);
    expect(send).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
