import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok, type FakeApi } from 'shared/test-utils';
import {
  installFakeSocket,
  orderPreview,
  readyToPlace,
  quote,
  renderRemote,
  tradePosition,
  uninstallFakeSocket,
} from '#testing';

jest.setTimeout(30_000);

/** The stock page as the route composes it (order book, Buy / Sell bar, the form in its sheet). */
const PATH = '/quotes/info?code=7203&market=jpy';

const TRADE_CONFIG = {
  market: 'jpy',
  currency: 'JPY',
  leverages: [1, 2],
  fee_rate: '0.0005',
  maintenance_ratio: '0.5',
  lot: 1,
  t_plus_one: false,
  available: '1000000',
  market_status: 'open',
  next_open: null,
  order_session_date: '2026-11-20',
  valid_until_max: '2026-12-11',
  risk_disclosure_version: 3,
  risk_acknowledged: true,
  simulated: true,
};

/** An order as /trade/order answers it, with the issue 13 fields. */
const placed = (overrides: Record<string, unknown> = {}) =>
  tradePosition({
    order_type: 'normal',
    trigger_price: null,
    triggered_at: null,
    filled_leg: null,
    valid_until: null,
    take_profit: null,
    stop_loss: null,
    cancel_reason: null,
    waiting_for_open: false,
    ...overrides,
  } as never);

function api(overrides: Record<string, unknown> = {}): FakeApi {
  return fakeApi({
    '/stock/detail': ok(quote({ code: '7203', price: '2500.00' })),
    '/stock/depth': ok({
      market: 'jpy',
      code: '7203',
      price: '2500',
      bids: [{ price: '2499', volume: '100' }],
      asks: [{ price: '2500', volume: '100' }],
      lot: 1,
      status: 'open',
      time: '2026-11-20T01:00:00.000Z',
      simulated: true,
    }),
    '/stock/candles': ok({ market: 'jpy', code: '7203', period: 'day', list: [], simulated: true }),
    '/trade/config': ok(TRADE_CONFIG),
    '/trade/preview': ok(orderPreview({ hold_price: '2500', quantity: '10', available: '1000000' })),
    '/trade/order': ok(placed()),
    ...overrides,
  });
}

const session = { language: 'us' as const, market: 'jpy' as const, token: 't', account: 'a' };

async function sheetForm() {
  const sheet = await screen.findByRole('dialog', { name: 'Trade' });
  const form = within(sheet).getByRole('form', { name: 'Trade' });
  await within(form).findByRole('radio', { name: '2×' });
  return { sheet, form };
}

async function placeBuy(form: HTMLElement, user: ReturnType<typeof userEvent.setup>) {
  await user.type(within(form).getByLabelText('Quantity (shares)'), '10');
  await user.click(within(form).getByRole('button', { name: 'Buy long' }));
  await user.click(await readyToPlace());
}

describe('the stock page’s Buy long / Sell short bar', () => {
  beforeEach(() => installFakeSocket());
  afterEach(() => uninstallFakeSocket());

  it('opens the form in a modal sheet preset to the side tapped; Escape and Close give focus back', async () => {
    const user = userEvent.setup();
    await renderRemote(PATH, { adapter: api(), session });
    expect(await screen.findByRole('region', { name: 'Order book' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Trade' })).not.toBeInTheDocument();

    const buy = await screen.findByRole('button', { name: 'Buy long' });
    await user.click(buy);
    let { sheet, form } = await sheetForm();
    expect(sheet).toHaveAttribute('aria-modal', 'true');
    expect(sheet).toHaveFocus();
    expect(document.body.style.overflow).toBe('hidden');
    expect(within(form).getByRole('radio', { name: 'Buy long' })).toBeChecked();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(buy).toHaveFocus();
    expect(document.body.style.overflow).toBe('');

    const sell = screen.getByRole('button', { name: 'Sell short' });
    await user.click(sell);
    ({ sheet, form } = await sheetForm());
    expect(within(form).getByRole('radio', { name: 'Sell short' })).toBeChecked();
    const submit = within(form).getByRole('button', { name: 'Sell short' });
    // Tab from the last control comes back to the first (the Close button): focus stays in the modal sheet.
    submit.focus();
    await user.tab();
    expect(within(sheet).getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(submit).toHaveFocus();
    await user.click(within(sheet).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sell).toHaveFocus();
  });

  it('on success closes the sheet and reports in a result sheet; a refusal stays in the sheet', async () => {
    const user = userEvent.setup();
    const adapter = api({
      '/trade/order': { status: 0, msg: 'insufficient_balance' },
    });
    const { host } = await renderRemote(PATH, { adapter, session });
    await user.click(await screen.findByRole('button', { name: 'Buy long' }));
    const { sheet, form } = await sheetForm();
    await placeBuy(form, user);
    expect(await within(form).findByText('Insufficient balance.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    // The refusal is in the sheet, still open; nothing was toasted as placed.
    expect(screen.getByRole('dialog', { name: 'Trade' })).toBe(sheet);
    expect(host.toasts).not.toContain('Order placed.');

    adapter.set('/trade/order', { status: 1, msg: 'order_placed', data: placed() });
    adapter.set('/trade/userstocklist', ok({ list: {}, ccsz: '0', fdyk: '0' }));
    adapter.set('/trade/userstocklists', ok({ list: [], lsyk: '0' }));
    await user.click(within(form).getByRole('button', { name: 'Buy long' }));
    await user.click(await readyToPlace());
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Trade' })).not.toBeInTheDocument());
    // The server's message and answer stay until read (issue 35); nothing toasted.
    const result = await screen.findByRole('dialog', { name: 'Order placed.' });
    expect(host.toasts).not.toContain('Order placed.');
    expect(within(result).getByText('T20261124000041')).toBeInTheDocument();
    expect(adapter.calls.filter((c) => c.url === '/trade/order')).toHaveLength(2);
    // Where to see it: the holdings of the order's market.
    await user.click(within(result).getByRole('button', { name: 'See positions' }));
    expect(await screen.findByRole('tab', { name: 'Holdings', selected: true })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps Escape for the confirmation while it is open over the sheet', async () => {
    const user = userEvent.setup();
    await renderRemote(PATH, { adapter: api(), session });
    await user.click(await screen.findByRole('button', { name: 'Buy long' }));
    const { form } = await sheetForm();
    await user.type(within(form).getByLabelText('Quantity (shares)'), '10');
    await user.click(within(form).getByRole('button', { name: 'Buy long' }));
    await screen.findByRole('alertdialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Trade' })).toBeInTheDocument();
  });
});
