import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { orderPreview, readyToPlace, quote as quoteOf, renderInRemote, tradePosition } from '#testing';
import { fakeApi, ok, type FakeApi } from 'shared/test-utils';
import { TradePanel } from './trade-panel';

jest.setTimeout(30_000);

const quote = quoteOf({ code: '7203', price: '2950.5', limit_up: '3440', limit_down: '2440' });

const config = {
  market: 'jpy',
  currency: 'JPY',
  leverages: [1, 2],
  fee_rate: '0.0005',
  maintenance_ratio: '0.5',
  lot: 1,
  t_plus_one: false,
  available: '10000000',
  market_status: 'open',
  next_open: null,
  order_session_date: '2026-11-24',
  valid_until_max: '2026-12-15',
  risk_disclosure_version: 3,
  risk_acknowledged: true,
  simulated: true,
};

const placed = tradePosition({
  status: 3,
  state: 'pending',
  // What the server holds for it: at the limit-up price 3,440 × 10 shares, plus the fee.
  stock_num: '10',
  margin: '34400',
  fee: '17',
  order_type: 'stop',
  trigger_price: '3000',
  triggered_at: null,
  filled_leg: null,
  valid_until: '2026-12-01',
  take_profit: '3300',
  stop_loss: '2800',
  cancel_reason: null,
  waiting_for_open: false,
});

/** A buy stop's preview: held at the limit-up price 3,440 × 10 shares plus the fee (the server's figures). */
const stopPreview = orderPreview({
  pending: true,
  basis: 'limit_up',
  hold_price: '3440',
  quantity: '10',
  margin: '34400',
  fee: '17',
  frozen: '34417',
  fee_paid: '0',
  total: '34417',
  available: '10000000',
});

function api(overrides: Record<string, unknown> = {}): FakeApi {
  return fakeApi({
    '/stock/detail': ok(quote),
    '/trade/config': ok(config),
    '/trade/preview': ok(stopPreview),
    '/trade/order': ok(placed),
    ...overrides,
  });
}

type Language = 'us' | 'cn' | 'jp';

async function openForm(adapter: FakeApi, language: Language = 'us', bar = 'Buy long') {
  const view = await renderInRemote(<TradePanel code="7203" market="jpy" />, {
    adapter,
    path: '/quotes/info',
    session: { language, market: 'jpy', token: 't', account: 'a' },
  });
  await userEvent.click(await screen.findByRole('button', { name: bar }));
  const sheet = await screen.findByRole('dialog');
  const form = within(sheet).getByRole('form');
  await within(form).findByRole('radio', { name: /^2/ });
  return { ...view, sheet, form };
}

const orderCalls = (adapter: FakeApi) => adapter.calls.filter((c) => c.url === '/trade/order');

describe('trade form: advanced orders (issue 13)', () => {
  it('sends a stop order with its trigger, a validity date and take-profit / stop-loss', async () => {
    const adapter = api();
    const { form, host } = await openForm(adapter);
    const user = userEvent.setup();
    await user.click(within(form).getByRole('radio', { name: 'Stop entry' }));
    await user.type(within(form).getByLabelText('Trigger price'), '3000');
    await user.type(within(form).getByLabelText('Quantity (shares)'), '10');
    expect(within(form).getByText('Trades in the session of 2026-11-24')).toBeInTheDocument();
    await user.click(within(form).getByRole('radio', { name: 'Until a date' }));
    const date = within(form).getByLabelText('Valid until');
    expect(date).toHaveAttribute('type', 'date');
    expect(date).toHaveAttribute('min', '2026-11-24');
    expect(date).toHaveAttribute('max', '2026-12-15');
    await user.type(date, '2026-12-01');
    await user.click(within(form).getByRole('checkbox', { name: 'Take profit / Stop loss' }));
    await user.type(within(form).getByLabelText('Take-profit price'), '3300');
    await user.type(within(form).getByLabelText('Stop-loss price'), '2800');
    await user.click(within(form).getByRole('button', { name: 'Buy long' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Confirm the order' });
    expect(within(confirm).getByText('Until 2026-12-01')).toBeInTheDocument();
    await user.click(await readyToPlace());
    // The result sheet: a waiting stop entry, its trigger, at market, what it froze (margin + fee).
    const result = await screen.findByRole('dialog', { name: 'Order placed.' });
    const row = (label: string) => within(result).getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(row('Order type')).toHaveTextContent('Stop entry · Market');
    expect(row('Trigger price')).toHaveTextContent('3,000.00 JPY');
    expect(row('Price type')).toHaveTextContent('At market, when it fills');
    expect(row('Frozen now')).toHaveTextContent('34,417.00 JPY');
    expect(within(result).getByRole('button', { name: 'See orders' })).toBeInTheDocument();
    expect(orderCalls(adapter)[0]!.form).toEqual({
      code: '7203',
      market: 'jpy',
      side: 'long',
      price_type: 'market',
      quantity: '10',
      leverage: '1',
      order_type: 'stop',
      trigger_price: '3000',
      valid_until: '2026-12-01',
      take_profit: '3300',
      stop_loss: '2800',
      // The reader's language: the answer names the stock in it.
      lang: 'us',
    });
    expect(host.toasts).toEqual([]);
  });

  it('an OCO is a limit order with both prices, its order checked on the form (nothing sent)', async () => {
    const adapter = api();
    const { form } = await openForm(adapter);
    const user = userEvent.setup();
    await user.click(within(form).getByRole('radio', { name: 'OCO' }));
    expect(within(form).getByRole('radio', { name: 'Limit' })).toBeChecked();
    expect(within(form).getByRole('radio', { name: 'Market' })).toBeDisabled();
    const limit = within(form).getByLabelText('Limit price');
    const trigger = within(form).getByLabelText('Trigger price');
    await user.type(limit, '3100');
    await user.type(trigger, '3000');
    await user.type(within(form).getByLabelText('Quantity (shares)'), '10');
    await user.click(within(form).getByRole('button', { name: 'Buy long' }));
    expect(
      await within(form).findByText('OCO: a buy’s limit must be below its trigger, a short’s limit above it.'),
    ).toBeInTheDocument();
    expect(trigger).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await user.clear(limit);
    await user.type(limit, '2900');
    await user.click(within(form).getByRole('button', { name: 'Buy long' }));
    await user.click(await readyToPlace());
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Trade' })).not.toBeInTheDocument());
    expect(await screen.findByRole('dialog', { name: 'Order placed.' })).toBeInTheDocument();
    expect(orderCalls(adapter)[0]!.form).toMatchObject({
      price_type: 'limit',
      price: '2900',
      order_type: 'oco',
      trigger_price: '3000',
    });
  });

  it('checks the exits’ sides and the validity range against the server’s rules before sending', async () => {
    const adapter = api();
    const { form } = await openForm(adapter, 'us', 'Sell short');
    const user = userEvent.setup();
    await user.click(within(form).getByRole('radio', { name: 'Limit' }));
    await user.type(within(form).getByLabelText('Limit price'), '2900');
    await user.type(within(form).getByLabelText('Quantity (shares)'), '10');
    await user.click(within(form).getByRole('checkbox', { name: 'Take profit / Stop loss' }));
    // A short: take profit below the entry, stop loss above it. Both wrong here.
    await user.type(within(form).getByLabelText('Take-profit price'), '3000');
    await user.type(within(form).getByLabelText('Stop-loss price'), '2800');
    await user.click(within(form).getByRole('radio', { name: 'Until a date' }));
    await user.type(within(form).getByLabelText('Valid until'), '2026-12-31');
    await user.click(within(form).getByRole('button', { name: 'Sell short' }));
    expect(
      await within(form).findByText(
        'The take-profit must be on the profit side of 2,900.00 JPY (above for a buy, below for a short).',
      ),
    ).toBeInTheDocument();
    expect(
      within(form).getByText(
        'The stop-loss must be on the loss side of 2,900.00 JPY (below for a buy, above for a short).',
      ),
    ).toBeInTheDocument();
    expect(
      within(form).getByText('An order can be valid until 2026-12-15 at the latest (15 business days).'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(orderCalls(adapter)).toHaveLength(0);
  });

  it('shows a stop trigger already reached while the market is open', async () => {
    const adapter = api();
    const { form } = await openForm(adapter);
    const user = userEvent.setup();
    await user.click(within(form).getByRole('radio', { name: 'Stop entry' }));
    await user.type(within(form).getByLabelText('Trigger price'), '2900');
    await user.type(within(form).getByLabelText('Quantity (shares)'), '10');
    await user.click(within(form).getByRole('button', { name: 'Buy long' }));
    expect(
      await within(form).findByText(
        'The price 2,950.50 JPY has already reached the trigger: place a normal order or move the trigger.',
      ),
    ).toBeInTheDocument();
    expect(orderCalls(adapter)).toHaveLength(0);
  });

  it('shows the new labels in English with no Chinese, and in Japanese', async () => {
    const { form, sheet, unmount } = await openForm(api());
    const user = userEvent.setup();
    await user.click(within(form).getByRole('radio', { name: 'OCO' }));
    await user.click(within(form).getByRole('radio', { name: 'Until a date' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Take profit / Stop loss' }));
    expect(sheet.textContent).not.toMatch(/[\u4e00-\u9fff]/);
    unmount();
    const ja = await openForm(api(), 'jp', '新規買い');
    for (const label of ['通常', '逆指値', 'OCO'])
      expect(within(ja.form).getByRole('radio', { name: label })).toBeInTheDocument();
    expect(within(ja.form).getByRole('checkbox', { name: '利益確定 / 損切り' })).toBeInTheDocument();
  });
  it('a buy stop’s confirmation shows what the server will freeze at the limit-up price, and why', async () => {
    const adapter = api();
    const { form } = await openForm(adapter);
    const user = userEvent.setup();
    await user.click(within(form).getByRole('radio', { name: 'Stop entry' }));
    expect(within(form).getByText(/^A stop entry opens the position once the price reaches the trigger/)).toBeVisible();
    await user.type(within(form).getByLabelText('Trigger price'), '3000');
    await user.type(within(form).getByLabelText('Quantity (shares)'), '10');
    // The form's estimate is at the last price, and says the order holds more until it fills.
    expect(within(form).getByText(/^An estimate at the last price\. Until it fills, this order holds/)).toBeVisible();
    await user.click(within(form).getByRole('button', { name: 'Buy long' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Confirm the order' });
    const place = within(confirm).getByRole('button', { name: 'Place buy order' });
    const frozen = await within(confirm).findByText('34,417.00');
    expect(frozen.closest('dd')!.previousElementSibling).toHaveTextContent('Frozen now');
    expect(place).toBeEnabled();
    expect(
      within(confirm).getByText(
        'Frozen at the session’s limit-up price 3,440.00 JPY, the highest price a market order can fill at: ' +
          '3,440.00 JPY × 10 shares = 34,400.00 JPY, plus the fee 17.00 JPY, until it fills. At the fill the hold ' +
          'becomes the cost at the fill price and the rest is released.',
      ),
    ).toBeInTheDocument();
    expect(adapter.calls.find((c) => c.url === '/trade/preview')!.form).toMatchObject({
      order_type: 'stop',
      trigger_price: '3000',
      quantity: '10',
    });
  });

  it('cannot be confirmed while the balance does not cover what the order freezes: the way out instead', async () => {
    const adapter = api({ '/trade/preview': ok({ ...stopPreview, available: '30000', sufficient: false }) });
    const { form } = await openForm(adapter);
    const user = userEvent.setup();
    await user.click(within(form).getByRole('radio', { name: 'Stop entry' }));
    await user.type(within(form).getByLabelText('Trigger price'), '3000');
    await user.type(within(form).getByLabelText('Quantity (shares)'), '10');
    await user.click(within(form).getByRole('button', { name: 'Buy long' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Confirm the order' });
    expect(await within(confirm).findByText('Insufficient balance.')).toBeInTheDocument();
    expect(within(confirm).getByRole('link', { name: 'Deposit' })).toHaveAttribute('href', '/mine/stored');
    expect(within(confirm).getByRole('button', { name: 'Place buy order' })).toBeDisabled();
    expect(orderCalls(adapter)).toHaveLength(0);
  });

  it('says what to enter, in which currency, for a bad trigger or a missing date; server prices too', async () => {
    const adapter = api({
      '/trade/order': { status: 0, msg: 'trigger_already_reached', field: 'trigger_price', values: { price: '3000' } },
    });
    const { form } = await openForm(adapter);
    const user = userEvent.setup();
    await user.click(within(form).getByRole('radio', { name: 'Stop entry' }));
    const trigger = within(form).getByLabelText('Trigger price');
    await user.type(trigger, '3,0');
    await user.type(within(form).getByLabelText('Quantity (shares)'), '10');
    await user.click(within(form).getByRole('radio', { name: 'Until a date' }));
    await user.click(within(form).getByRole('button', { name: 'Buy long' }));
    expect(await within(form).findByText('Enter a trigger price in JPY, e.g. 2,950.50')).toBeInTheDocument();
    expect(within(form).getByText('Choose a date from 2026-11-24 to 2026-12-15')).toBeInTheDocument();
    expect(within(form).queryByText(/not valid/)).not.toBeInTheDocument();

    await user.click(within(form).getByRole('radio', { name: 'Today' }));
    await user.clear(trigger);
    await user.type(trigger, '2990');
    await user.click(within(form).getByRole('button', { name: 'Buy long' }));
    await user.click(await readyToPlace());
    expect(
      await within(form).findByText(
        'The price 3,000.00 JPY has already reached the trigger: place a normal order or move the trigger.',
      ),
    ).toBeInTheDocument();
  });

  it.each([
    ['us', 'Buy long', 'Sell short'],
    ['cn', '买涨', '买跌'],
  ] as const)('paints and names each side the same on the bar and the ticket (%s)', async (language, long, short) => {
    const { form } = await openForm(api(), language, long);
    const bar = screen.getByRole('group', { name: language === 'us' ? 'Trade' : '交易' });
    expect(within(bar).getByRole('button', { name: long })).toHaveClass('ds-button--up');
    expect(within(bar).getByRole('button', { name: short })).toHaveClass('ds-button--down');
    expect(within(form).getByRole('radio', { name: long }).closest('label')).toHaveClass('ds-segmented__option--up');
    expect(within(form).getByRole('radio', { name: short }).closest('label')).toHaveClass('ds-segmented__option--down');
    expect(within(form).getByRole('button', { name: long })).toHaveClass('ds-button--up');
    await userEvent.click(within(form).getByRole('radio', { name: short }));
    expect(within(form).getByRole('button', { name: short })).toHaveClass('ds-button--down');
  });
});
