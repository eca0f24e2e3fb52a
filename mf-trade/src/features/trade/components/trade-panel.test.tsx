import { Profiler } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { orderPreview, readyToPlace, renderInRemote, tradePosition } from '#testing';
import { fakeApi, ok, refused, type FakeApi } from 'shared/test-utils';
import * as orderForm from '../model/order-form';
import { TradePanel } from './trade-panel';

// checkFields counted where the form calls it (an ES module's exports cannot be spied on in place).
jest.mock('../model/order-form', () => {
  const actual = jest.requireActual<typeof import('../model/order-form')>('../model/order-form');
  return { ...actual, checkFields: jest.fn(actual.checkFields) };
});

// A loaded two-core machine: the journeys of several dialogs take longer than the 5 s default.
jest.setTimeout(20_000);

const quote = {
  market: 'jpy',
  code: '7203',
  kind: 'stock',
  name: 'Toyota Motor',
  names: { 'zh-CN': '丰田汽车', en: 'Toyota Motor', ja: 'トヨタ自動車' },
  currency: 'JPY',
  price: '2950.5',
  change: '10.5',
  change_ratio: '0.36',
  open: '2940',
  prev_close: '2940',
  high: '2960',
  low: '2930',
  volume: '1000',
  amount: '2950500',
  limit_up: '3440',
  limit_down: '2440',
  tick_size: '0.5',
  lot: 1,
  trade_date: '2026-11-24',
  status: 'open',
  next_open: null,
  time: '2026-11-24T01:00:00.000Z',
  simulated: true,
};

const config = {
  market: 'jpy',
  currency: 'JPY',
  leverages: [1, 2, 5, 10],
  fee_rate: '0.0005',
  maintenance_ratio: '0.5',
  lot: 1,
  t_plus_one: false,
  available: '1000000',
  market_status: 'open',
  next_open: null,
  order_session_date: '2026-11-24',
  valid_until_max: '2026-12-15',
  risk_disclosure_version: 3,
  risk_acknowledged: false,
  simulated: true,
};

const filled = tradePosition({
  order_type: 'normal',
  trigger_price: null,
  triggered_at: null,
  filled_leg: null,
  valid_until: null,
  take_profit: null,
  stop_loss: null,
  cancel_reason: null,
  waiting_for_open: false,
  // The server's fill, not the form's last price: the result sheet shows what the server answered.
  fully_paid: true,
  buy_price: '2955',
  margin: '295500',
  cost: '295500',
});

function api(overrides: Record<string, unknown> = {}): FakeApi {
  return fakeApi({
    '/stock/detail': ok(quote),
    '/trade/config': ok(config),
    '/trade/preview': ok(orderPreview()),
    '/trade/order': { status: 1, msg: 'order_placed', data: filled },
    ...overrides,
  });
}

/** Opens the form from the bar's Buy long (or Sell short) button: the sheet holds it. */
async function openSheet(side: 'Buy long' | 'Sell short' = 'Buy long') {
  const bar = await screen.findByRole('group', { name: 'Trade' });
  await userEvent.click(within(bar).getByRole('button', { name: side }));
  const sheet = await screen.findByRole('dialog', { name: 'Trade' });
  return { sheet, form: within(sheet).getByRole('form', { name: 'Trade' }) };
}

async function renderPanel(adapter: FakeApi) {
  const view = await renderInRemote(<TradePanel code="7203" market="jpy" />, {
    adapter,
    path: '/quotes/info',
    session: { language: 'us', market: 'jpy', token: 't', account: '0901234567' },
  });
  const { form } = await openSheet();
  await within(form).findByText('2,950.50');
  await within(form).findByRole('radio', { name: '10×' });
  return { ...view, form };
}

const figure = (form: HTMLElement, label: string) =>
  within(form).getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;

describe('trade panel', () => {
  it('computes margin, fee and total from price, quantity and leverage (decimals, currency minor unit)', async () => {
    const { form } = await renderPanel(api());
    await userEvent.type(within(form).getByLabelText('Quantity (shares)'), '100');
    await userEvent.click(within(form).getByRole('radio', { name: '2×' }));

    // 2950.5 × 100 = 295,050; ÷ 2 = 147,525 margin; fee 0.05 % = 147.525 → 148 JPY; total 147,673.
    expect(figure(form, 'Margin')).toHaveTextContent('147,525.00 JPY');
    expect(figure(form, 'Fee')).toHaveTextContent('148.00 JPY');
    expect(figure(form, 'Total')).toHaveTextContent('147,673.00 JPY');
    expect(figure(form, 'Available balance')).toHaveTextContent('1,000,000.00 JPY');
    expect(screen.getByText('Simulated data')).toBeInTheDocument();
  });

  it('shows the last price for a market order, a limit price field with today’s limits for a limit order', async () => {
    const { form } = await renderPanel(api());
    expect(within(form).queryByLabelText('Limit price')).not.toBeInTheDocument();
    expect(within(form).getByText('Market price (last)')).toBeInTheDocument();

    await userEvent.click(within(form).getByRole('radio', { name: 'Limit' }));
    const price = within(form).getByLabelText('Limit price');
    expect(within(form).getByText("Today's limits: 2,440.00 JPY – 3,440.00 JPY")).toBeInTheDocument();
    await userEvent.type(price, '2900');
    await userEvent.type(within(form).getByLabelText('Quantity (shares)'), '10');
    // A 1× buy borrows nothing: its cost is cash, not margin (issue 35).
    expect(within(form).queryByText('Margin', { selector: 'dt' })).not.toBeInTheDocument();
    expect(figure(form, 'Cost (cash)')).toHaveTextContent('29,000.00 JPY');

    // Beyond the limit: refused on the form, nothing sent.
    await userEvent.clear(price);
    await userEvent.type(price, '3500');
    await userEvent.click(within(form).getByRole('button', { name: 'Buy long' }));
    expect(await within(form).findByText("The price is beyond today's price limit.")).toBeInTheDocument();
  });

  it('confirms the order in a sheet, then places it with an Idempotency-Key and the chosen fields', async () => {
    const adapter = api();
    const { form, host } = await renderPanel(adapter);
    await userEvent.type(within(form).getByLabelText('Quantity (shares)'), '100');
    await userEvent.click(within(form).getByRole('button', { name: 'Buy long' }));

    // A market order while open fills now: its estimate is what it holds, with no note that it holds more.
    expect(within(form).queryByText(/^An estimate at the last price/)).not.toBeInTheDocument();
    const sheet = await screen.findByRole('alertdialog', { name: 'Confirm the order' });
    expect(within(sheet).getByText('Toyota Motor (7203)')).toBeInTheDocument();
    // What is frozen is the server's preview of this very order (issue 35), and says why.
    expect(await within(sheet).findByText('Frozen now', { selector: 'dt' })).toBeInTheDocument();
    // The row shows before the preview's answer fills it.
    await waitFor(() => expect(figure(sheet, 'Frozen now')).toHaveTextContent('295,050.00 JPY'));
    expect(figure(sheet, 'Fee paid now')).toHaveTextContent('148.00 JPY');
    expect(figure(sheet, 'Leverage multiple')).toHaveTextContent('1× (cash, nothing borrowed)');
    expect(
      within(sheet).getByText(
        'Fills now at the last price: 2,950.50 JPY × 100 shares = 295,050.00 JPY stays frozen as the cost while you ' +
          'hold the position, and the fee 148.00 JPY is paid now. The fill price may differ slightly.',
      ),
    ).toBeInTheDocument();
    // A market order has no validity to choose, nor to confirm.
    expect(within(sheet).queryByText('Validity')).not.toBeInTheDocument();
    expect(within(form).queryByRole('radio', { name: 'Until a date' })).not.toBeInTheDocument();
    expect(adapter.calls.find((c) => c.url === '/trade/preview')!.form).toEqual({
      code: '7203',
      market: 'jpy',
      side: 'long',
      price_type: 'market',
      quantity: '100',
      leverage: '1',
      order_type: 'normal',
    });
    expect(adapter.calls.some((c) => c.url === '/trade/order')).toBe(false);

    await userEvent.click(await readyToPlace());
    // Success: the sheet closes and a result sheet reports what the server answered (issue 35), not a toast.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Trade' })).not.toBeInTheDocument());
    const result = await screen.findByRole('dialog', { name: 'Order placed.' });
    expect(host.toasts).toEqual([]);
    expect(figure(result, 'Stock')).toHaveTextContent('Toyota Motor (7203)');
    expect(figure(result, 'Order no.')).toHaveTextContent('T20261124000041');
    expect(figure(result, 'Direction')).toHaveTextContent('Buy long · 1× (cash, nothing borrowed)');
    expect(figure(result, 'Order type')).toHaveTextContent('Normal · Market');
    expect(figure(result, 'Quantity (shares)')).toHaveTextContent('100 shares');
    expect(figure(result, 'Fill price')).toHaveTextContent('2,955.00 JPY');
    expect(figure(result, 'Frozen now')).toHaveTextContent('295,500.00 JPY');
    expect(figure(result, 'Fee paid now')).toHaveTextContent('148.00 JPY');
    expect(within(result).getByText(/^The position is under Positions → Holdings/)).toBeInTheDocument();
    expect(within(result).getByRole('button', { name: 'See positions' })).toBeInTheDocument();
    await userEvent.click(within(result).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const call = adapter.calls.find((c) => c.url === '/trade/order')!;
    expect(call.form).toEqual({
      code: '7203',
      market: 'jpy',
      side: 'long',
      price_type: 'market',
      quantity: '100',
      leverage: '1',
      order_type: 'normal',
      // The reader's language: the answer names the stock in it.
      lang: 'us',
    });
    expect(call.headers['idempotency-key']).toMatch(/^[0-9a-f-]{32,36}$/);
  });

  it('shows a refusal inline, translated, with the way out (insufficient balance → deposit)', async () => {
    const adapter = api({ '/trade/order': refused('insufficient_balance') });
    const { form } = await renderPanel(adapter);
    await userEvent.type(within(form).getByLabelText('Quantity (shares)'), '100');
    await userEvent.click(within(form).getByRole('button', { name: 'Buy long' }));
    await userEvent.click(await readyToPlace());

    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('Insufficient balance.');
    expect(within(alert).getByRole('link', { name: 'Deposit' })).toHaveAttribute('href', '/mine/stored');
  });

  it('places a refusal about a field under it, and sends a changed order with a new Idempotency-Key', async () => {
    const adapter = api({
      '/trade/order': { status: 0, msg: 'price_beyond_limit', field: 'price', values: { down: '2440', up: '3440' } },
    });
    const { form } = await renderPanel(adapter);
    await userEvent.click(within(form).getByRole('radio', { name: 'Limit' }));
    const price = within(form).getByLabelText('Limit price');
    await userEvent.type(price, '2900');
    await userEvent.type(within(form).getByLabelText('Quantity (shares)'), '10');
    await userEvent.click(within(form).getByRole('button', { name: 'Buy long' }));
    await userEvent.click(await readyToPlace());

    expect(await within(form).findByText("The price is beyond today's price limit.")).toBeInTheDocument();
    expect(price).toHaveAttribute('aria-invalid', 'true');
    // Under the field only: no refusal above the button.
    expect(within(form).getAllByRole('alert')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());

    // The refusal kept the sheet open.
    expect(screen.getByRole('dialog', { name: 'Trade' })).toContainElement(form);
    adapter.set('/trade/order', ok(filled));
    await userEvent.clear(price);
    await userEvent.type(price, '2950');
    await userEvent.click(within(form).getByRole('button', { name: 'Buy long' }));
    await userEvent.click(await readyToPlace());
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Trade' })).not.toBeInTheDocument());
    const [first, second] = adapter.calls.filter((c) => c.url === '/trade/order');
    expect(second!.form).toMatchObject({ price_type: 'limit', price: '2950', quantity: '10' });
    expect(second!.headers['idempotency-key']).not.toBe(first!.headers['idempotency-key']);
  });

  it('refuses on the form when the total exceeds the available balance, naming the way out', async () => {
    const adapter = api({ '/trade/config': ok({ ...config, available: '1000' }) });
    const { form } = await renderPanel(adapter);
    await within(form).findByText('1,000.00');
    await userEvent.type(within(form).getByLabelText('Quantity (shares)'), '100');
    await userEvent.click(within(form).getByRole('button', { name: 'Buy long' }));
    expect(await within(form).findByRole('link', { name: 'Deposit' })).toHaveAttribute('href', '/mine/stored');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('asks for the risk disclosure before a first leveraged order, stores the acceptance, then confirms', async () => {
    const adapter = api({
      '/trade/riskDisclosure': ok({
        version: 3,
        title: 'Risk disclosure (v3)',
        text: 'Leverage multiplies losses.\n\nShort selling has unlimited risk.',
        acknowledged: false,
        acknowledged_at: null,
      }),
      '/trade/riskAck': ok({ version: 3, acknowledged_at: '2026-11-24T01:00:00.000Z' }),
    });
    const { form } = await renderPanel(adapter);
    await userEvent.type(within(form).getByLabelText('Quantity (shares)'), '100');
    await userEvent.click(within(form).getByRole('radio', { name: '2×' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Buy long' }));

    const risk = await screen.findByRole('alertdialog', { name: 'Risk disclosure (v3)' });
    expect(await within(risk).findByText('Short selling has unlimited risk.')).toBeInTheDocument();
    expect(adapter.calls.find((c) => c.url === '/trade/riskDisclosure')?.form).toEqual({
      kind: 'leverage',
      lang: 'us',
    });
    await userEvent.click(within(risk).getByRole('button', { name: 'I have read and accept' }));

    await screen.findByRole('alertdialog', { name: 'Confirm the order' });
    expect(adapter.calls.find((c) => c.url === '/trade/riskAck')?.form).toEqual({ kind: 'leverage', version: '3' });
    await userEvent.click(await readyToPlace());
    await waitFor(() => expect(adapter.calls.find((c) => c.url === '/trade/order')?.form.leverage).toBe('2'));
  });

  it('opens the disclosure when the server refuses for it, and once accepted places the same order once', async () => {
    let orders = 0;
    const adapter = api({
      // The config says acknowledged (another device's answer was older): the server is the one that asks.
      '/trade/config': ok({ ...config, risk_acknowledged: true }),
      '/trade/riskDisclosure': ok({
        version: 4,
        title: 'Risk disclosure (v4)',
        text: 'Leverage multiplies losses.',
        acknowledged: false,
        acknowledged_at: null,
      }),
      '/trade/riskAck': ok({ version: 4, acknowledged_at: '2026-11-24T01:00:00.000Z' }),
      '/trade/order': () => {
        orders += 1;
        return orders === 1 ? refused('risk_disclosure_required') : { status: 1, msg: 'order_placed', data: filled };
      },
    });
    const { form } = await renderPanel(adapter);
    await userEvent.type(within(form).getByLabelText('Quantity (shares)'), '100');
    await userEvent.click(within(form).getByRole('radio', { name: '2×' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Buy long' }));
    // Confirmed once; the server refuses for the disclosure: no refusal on the form, the disclosure opens.
    await userEvent.click(await readyToPlace());
    const risk = await screen.findByRole('alertdialog', { name: 'Risk disclosure (v4)' });
    expect(screen.queryByRole('alertdialog', { name: 'Confirm the order' })).not.toBeInTheDocument();
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(within(risk).getByRole('button', { name: 'I have read and accept' }));

    // Accepted: the same order is sent again (same body, same Idempotency-Key), with no second confirmation.
    const result = await screen.findByRole('dialog', { name: 'Order placed.' });
    expect(result).toBeInTheDocument();
    expect(adapter.calls.find((c) => c.url === '/trade/riskAck')?.form).toEqual({ kind: 'leverage', version: '4' });
    const [first, second, ...more] = adapter.calls.filter((c) => c.url === '/trade/order');
    expect(more).toHaveLength(0);
    expect(second!.form).toEqual(first!.form);
    expect(second!.form.leverage).toBe('2');
    expect(second!.headers['idempotency-key']).toBe(first!.headers['idempotency-key']);
  });

  it('takes an order while the market is closed: the note says it waits for the open, the result too', async () => {
    const adapter = api({
      '/stock/detail': ok({ ...quote, status: 'closed', next_open: '2026-11-25T00:00:00.000Z' }),
      '/trade/order': {
        status: 1,
        msg: 'order_placed',
        data: {
          ...filled,
          status: 3,
          state: 'pending',
          waiting_for_open: true,
          stock_num: '10',
          margin: '29505',
          fee: '15',
        },
      },
    });
    const { host } = await renderInRemote(<TradePanel code="7203" market="jpy" />, {
      adapter,
      path: '/quotes/info',
      session: { language: 'us', market: 'jpy', token: 't' },
    });
    const { form } = await openSheet();
    const note = await within(form).findByRole('status');
    // The market's clock names its zone; jest's device is in UTC, so its time follows.
    expect(note).toHaveTextContent(
      /^The market is closed — your order waits for the open at (2026-11-25 )?09:00 JST · 00:00 your time$/,
    );
    const button = within(form).getByRole('button', { name: 'Buy long' });
    expect(button).toBeEnabled();
    expect(button).toHaveAttribute('aria-describedby', note.id);
    await within(form).findByText('1,000,000.00');
    await userEvent.type(within(form).getByLabelText('Quantity (shares)'), '10');
    // It waits for the open, where any price up to the limit-up may fill it: it holds more than this estimate.
    expect(within(form).getByText(/^An estimate at the last price\. Until it fills/)).toBeInTheDocument();
    await userEvent.click(button);
    await userEvent.click(await readyToPlace());
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Trade' })).not.toBeInTheDocument());
    // The result sheet: waiting, at market, what it holds (margin and fee) and where to see it.
    const result = await screen.findByRole('dialog', { name: 'Order placed.' });
    expect(host.toasts).toEqual([]);
    expect(
      within(result).getByText(
        /^Order accepted: it waits for the open at (2026-11-25\s)?09:00\sJST\s·\s00:00\syour time\.$/,
      ),
    ).toBeInTheDocument();
    expect(figure(result, 'Price type')).toHaveTextContent('At market, when it fills');
    expect(figure(result, 'Frozen now')).toHaveTextContent('29,520.00 JPY');
    expect(within(result).queryByText('Fee paid now')).not.toBeInTheDocument();
    expect(within(result).getByRole('button', { name: 'See orders' })).toBeInTheDocument();
  });

  it.each([
    [
      'jp',
      '取引',
      '新規買い',
      '新規買い注文',
      '指値',
      '指値価格',
      '株数',
      '新規買い注文を発注',
      '注文を受け付けました。',
      '注文を見る',
    ],
    ['cn', '交易', '买涨', '买涨', '限价', '限价价格', '数量（股）', '确认买涨', '下单成功', '查看委托'],
  ] as const)(
    'reports a limit order in %s: the server’s message, its limit, where to see it, no English',
    async (language, trade, buy, submit, limit, priceLabel, quantityLabel, place, title, next) => {
      const adapter = api({
        '/trade/order': {
          status: 1,
          msg: 'order_placed',
          data: { ...filled, status: 3, state: 'pending', price_type: 'limit', limit_price: '2900', buy_price: '2900' },
        },
        // The quote as /stock/detail answers it in the reader's language.
        '/stock/detail': ok({ ...quote, name: quote.names[language === 'jp' ? 'ja' : 'zh-CN'] }),
      });
      await renderInRemote(<TradePanel code="7203" market="jpy" />, {
        adapter,
        path: '/quotes/info',
        session: { language, market: 'jpy', token: 't', account: '0901234567' },
      });
      const bar = await screen.findByRole('group', { name: trade });
      await userEvent.click(within(bar).getByRole('button', { name: buy }));
      const form = within(await screen.findByRole('dialog', { name: trade })).getByRole('form', { name: trade });
      await within(form).findByRole('radio', { name: /^10/ });
      await userEvent.click(within(form).getByRole('radio', { name: limit }));
      await userEvent.type(within(form).getByLabelText(priceLabel), '2900');
      await userEvent.type(within(form).getByLabelText(quantityLabel), '100');
      await userEvent.click(within(form).getByRole('button', { name: submit }));
      await userEvent.click(await readyToPlace(place));
      const result = await screen.findByRole('dialog', { name: title });
      expect(figure(result, limit)).toHaveTextContent('2,900.00 JPY');
      expect(within(result).getByRole('button', { name: next })).toBeInTheDocument();
      // Every text of the sheet in the reader's language (the currency code aside).
      expect(result.textContent!.replace(/JPY/g, '')).not.toMatch(/[A-Za-z]{3,}/);
    },
  );
});

describe('trade panel without its rules', () => {
  it('says the trading rules could not be loaded and retries', async () => {
    let calls = 0;
    const adapter = api({
      '/trade/config': () => {
        calls += 1;
        return calls === 1 ? { httpStatus: 500, body: { status: 0, msg: 'request_failed' } } : ok(config);
      },
    });
    await renderInRemote(<TradePanel code="7203" market="jpy" />, {
      adapter,
      path: '/quotes/info',
      session: { language: 'us', market: 'jpy', token: 't' },
    });
    const { form } = await openSheet();
    const alert = await within(form).findByText(
      'The trading rules could not be loaded, so no order can be placed yet.',
    );
    expect(within(form).getByRole('button', { name: 'Buy long' })).toBeDisabled();
    await userEvent.click(within(alert.parentElement!).getByRole('button', { name: 'Try again' }));
    expect(await within(form).findByText('1,000,000.00')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Buy long' })).toBeEnabled();
  });
});

describe('trade panel fed by a live quote source (the stock detail)', () => {
  /** A quote store like the stock detail's: set() is a tick. */
  function liveSource(first: typeof quote) {
    let current = first;
    const listeners = new Set<() => void>();
    return {
      get: () => current as never,
      subscribe: (l: () => void) => (listeners.add(l), () => void listeners.delete(l)),
      tick(price: string) {
        current = { ...current, price, time: new Date(Date.parse(current.time) + 1000).toISOString() };
        act(() => listeners.forEach((l) => l()));
      },
    };
  }

  it('a tick neither re-renders nor re-validates the form; only the market price and estimate follow it', async () => {
    const source = liveSource(quote);
    let commits = 0;
    await renderInRemote(
      <Profiler id="trade" onRender={() => (commits += 1)}>
        <TradePanel code="7203" market="jpy" source={source} />
      </Profiler>,
      {
        adapter: api(),
        path: '/quotes/info',
        session: { language: 'us', market: 'jpy', token: 't', account: '0901234567' },
      },
    );
    const { form } = await openSheet();
    await within(form).findByRole('radio', { name: '10×' });
    const checks = jest.mocked(orderForm.checkFields);
    checks.mockClear();
    try {
      // Limit order: nothing the form shows depends on the last price, so a tick commits nothing at all.
      await userEvent.click(within(form).getByRole('radio', { name: 'Limit' }));
      await userEvent.type(within(form).getByLabelText('Limit price'), '2900');
      await userEvent.type(within(form).getByLabelText('Quantity (shares)'), '10');
      expect(figure(form, 'Cost (cash)')).toHaveTextContent('29,000.00 JPY');
      const [commitsBefore, checksBefore] = [commits, checks.mock.calls.length];
      for (const price of ['2951.0', '2952.5', '2953.0']) source.tick(price);
      expect(commits).toBe(commitsBefore);
      expect(checks.mock.calls.length).toBe(checksBefore);

      // Market order: the price and the figures follow each tick; the checks still do not run again.
      await userEvent.click(within(form).getByRole('radio', { name: 'Market' }));
      expect(within(form).getByText('2,953.00')).toBeInTheDocument();
      const checksAtMarket = checks.mock.calls.length;
      source.tick('3000');
      expect(within(form).getByText('3,000.00')).toBeInTheDocument();
      expect(figure(form, 'Cost (cash)')).toHaveTextContent('30,000.00 JPY');
      source.tick('3100');
      expect(figure(form, 'Cost (cash)')).toHaveTextContent('31,000.00 JPY');
      expect(checks.mock.calls.length).toBe(checksAtMarket);
    } finally {
      checks.mockClear();
    }
  });
});
