import { FakeSocket, installFakeSocket, quote, renderRemote, tradePosition, uninstallFakeSocket } from '#testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok, refused } from 'shared/test-utils';

const position = tradePosition({
  leverage: 2,
  buy_price: '2800',
  margin: '140000',
  cost: '140000',
  fee: '140',
  yingkui: '15050',
  pnl_rate: '10.75',
});

const holdings = { list: { '41': position }, ccsz: '295050', fdyk: '15050' };
const empty = { list: {}, ccsz: '0', fdyk: '0' };
const history = { list: [], lsyk: '0' };
const session = { language: 'us', market: 'jpy', token: 't' } as const;

/** A row of /trade/usernewstocklist (every field of the contract's newShareApplication, id a string). */
const subscription = (overrides: Record<string, unknown>) => ({
  id: 'n1',
  order_no: 'N1',
  issue_id: 7,
  code: '5595',
  name: 'QPS Research',
  market: 'jpy',
  currency: 'JPY',
  application_no: 1,
  quantity: '100',
  units: 1,
  allotted_quantity: null,
  subscription_price: '1200',
  issue_price: '1200',
  amount: '120000',
  paid_amount: null,
  rjmoney: '120000',
  status: 1,
  state: 'awaiting_draw',
  issue_state: 'to_subscribe',
  pay_deadline: '2026-11-30T06:00:00.000Z',
  listing_at: '2026-12-03T00:00:00.000Z',
  lockup_days: 90,
  created_at: '2026-11-24T01:00:00.000Z',
  drawn_at: null,
  answered_at: null,
  ...overrides,
});

/** A row of /trade/userproductlist (every field of the contract's copyOrder). */
const copyOrder = (overrides: Record<string, unknown>) => ({
  id: 'p1',
  order_no: 'C1',
  product_id: 3,
  status: 0,
  state: 'in_progress',
  market: 'jpy',
  currency: 'JPY',
  money: '200000',
  product_name: 'Steady Growth No. 3',
  issuer: 'Sakura Quant Lab',
  lock_days: 30,
  min_investment: '100000',
  deadline: '2026-12-20T06:00:00.000Z',
  amount: '200000',
  units: '185000.12345678',
  buy_nav: '1.081080',
  nav: '1.083215',
  value: '200395.07',
  daily_profit: '0',
  total_profit: '0',
  started_on: '2026-11-19',
  lock_ends_on: '2026-12-19',
  redeemed_amount: null,
  created_at: '2026-11-18T03:00:00.000Z',
  ended_at: null,
  ...overrides,
});

describe('positions screen', () => {
  it('shows open holdings with their P&L, status and value from /trade/userstocklist', async () => {
    const api = fakeApi({ '/trade/userstocklist': ok(holdings), '/trade/userstocklists': ok(history) });
    await renderRemote('/position/index', { adapter: api, session });

    const list = await screen.findByRole('list', { name: 'Holdings' });
    const item = within(list).getByRole('listitem');
    expect(within(item).getByRole('link', { name: /Toyota Motor/ })).toHaveAttribute('href', '/position/info?id=41');
    expect(within(item).getByText('+15,050.00')).toBeInTheDocument();
    expect(within(item).getByText('+10.75%')).toBeInTheDocument();
    expect(within(item).getByText('Holding')).toBeInTheDocument();
    expect(within(item).getByText('Long · 2× · 100 shares')).toBeInTheDocument();
    expect(screen.getByText('295,050.00')).toBeInTheDocument();
    expect(api.calls.find((c) => c.url === '/trade/userstocklist')?.form).toEqual({ type: 'jpy', lang: 'us' });
  });

  it('closes a position only after the confirmation, then shows it as preparing to close', async () => {
    const api = fakeApi({
      '/trade/userstocklist': ok(holdings),
      '/trade/userstocklists': ok(history),
      '/trade/close': () => {
        api.set(
          '/trade/userstocklist',
          ok({ ...holdings, list: { '41': { ...position, status: 1, state: 'closing' } } }),
        );
        return { status: 1, msg: 'sell_success', data: { ...position, status: 1, state: 'closing' } };
      },
    });
    await renderRemote('/position/index', { adapter: api, session });

    await userEvent.click(await screen.findByRole('button', { name: 'Close the position in Toyota Motor' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Close this position?' });
    expect(within(dialog).getByText('295,050.00')).toBeInTheDocument();
    expect(api.calls.some((c) => c.url === '/trade/close')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close at market' }));

    // Asked in the reader's language: the answer names the stock in it (issue 35).
    await waitFor(() =>
      expect(api.calls.find((c) => c.url === '/trade/close')?.form).toEqual({ id: '41', lang: 'us' }),
    );
    // The server's answer in the result sheet; Done returns to the list.
    const result = await screen.findByRole('dialog', { name: 'Sell application submitted.' });
    await userEvent.click(within(result).getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('Preparing to close')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close the position in Toyota Motor' })).not.toBeInTheDocument();
  });

  it('shows the T+1 refusal inline when a China position cannot be closed today', async () => {
    const api = fakeApi({
      '/trade/userstocklist': ok(holdings),
      '/trade/userstocklists': ok(history),
      '/trade/close': refused('t1_cannot_sell'),
    });
    await renderRemote('/position/index', { adapter: api, session });
    await userEvent.click(await screen.findByRole('button', { name: 'Close the position in Toyota Motor' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Close at market' }),
    );

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('T+1: shares bought today cannot be sold until the next trading day.');
    expect(alert).toHaveTextContent('you can close this position from the next trading day');
  });

  it('offers no Close for a China position bought today (T+1) and says from when it can be closed', async () => {
    // Bought 2026-11-16 10:00 Shanghai time: T+1 is the next trading day.
    const today = { ...position, market: 'cny', currency: 'CNY', buy_time: '2026-11-16T02:00:00.000Z' };
    const held = { ...today, closable_from: '2026-11-17', closable: false };
    const api = fakeApi({
      '/trade/userstocklist': ok({ ...holdings, list: { '41': held } }),
      '/trade/userstocklists': ok(history),
    });
    await renderRemote('/position/index?market=cny', { adapter: api, session });

    const item = within(await screen.findByRole('list', { name: 'Holdings' })).getByRole('listitem');
    expect(within(item).getByText('T+1: can be closed from 2026-11-17')).toBeInTheDocument();
    expect(within(item).queryByRole('button')).not.toBeInTheDocument();
  });

  it('lists pending limit orders and cancels one after the confirmation', async () => {
    const pending = {
      ...position,
      id: 52,
      order_no: 'T52',
      status: 3,
      state: 'pending',
      price_type: 'limit',
      limit_price: '2900',
      buy_price: '2900',
      margin: '145000',
      fee: '145',
      yingkui: '0',
    };
    const api = fakeApi({
      '/trade/userstocklist': ok(empty),
      '/trade/userstocklists': ok(history),
      '/trade/orders': (form: Record<string, string>) =>
        ok({ list: form.status === 'pending' ? [pending] : [], total: 1 }),
      '/trade/cancel': () => {
        api.set('/trade/orders', ok({ list: [], total: 0 }));
        return ok({ ...pending, status: 4, state: 'cancelled' });
      },
    });
    await renderRemote('/position/index?tab=orders', { adapter: api, session });

    const list = await screen.findByRole('list', { name: 'Pending orders' });
    const item = within(list).getByRole('listitem');
    expect(within(item).getByText('Pending')).toBeInTheDocument();
    expect(within(item).getByText('145,145.00')).toBeInTheDocument(); // margin + fee held
    // The order time in the market's clock, naming its zone, and the device's (jest: UTC).
    expect(within(item).getByText(/^(2026-11-24 )?10:00 JST · (2026-11-24 )?01:00 your time$/)).toBeInTheDocument();
    await userEvent.click(within(item).getByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this order?' });
    expect(dialog).toHaveTextContent('Toyota Motor: 100 shares at 2,900.00 JPY');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));

    await waitFor(() => expect(api.calls.find((c) => c.url === '/trade/cancel')?.form).toEqual({ id: '52' }));
    expect(await screen.findByText('No pending limit orders')).toBeInTheDocument();
    expect(api.calls.find((c) => c.url === '/trade/orders')?.form).toMatchObject({
      market: 'jpy',
      status: 'pending',
      lang: 'us',
    });
  });

  it('says why the list is empty and offers quotes when there are no positions', async () => {
    const api = fakeApi({ '/trade/userstocklist': ok(empty), '/trade/userstocklists': ok(history) });
    await renderRemote('/position/index', { adapter: api, session });

    expect(await screen.findByText('No open positions')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse quotes' })).toHaveAttribute('href', '/home/home');
  });

  it('shows new-share subscriptions with name, code, quantity, amount held and state', async () => {
    const api = fakeApi({
      '/trade/userstocklist': ok(empty),
      '/trade/userstocklists': ok(history),
      '/trade/usernewstocklist': ok([
        subscription({ id: 'n1', status: 1, state: 'awaiting_draw', rjmoney: '120000' }),
        subscription({ id: 'n3', status: 1, state: 'won', rjmoney: '120000', allotted_quantity: '100' }),
        subscription({ id: 'n2', status: 2, state: 'not_won', rjmoney: '-', name: 'Lost Co', issue_id: 9 }),
      ]),
    });
    await renderRemote('/position/index', { adapter: api, session });

    await userEvent.click(await screen.findByRole('tab', { name: 'Subscriptions' }));
    const list = await screen.findByRole('list', { name: 'Subscriptions' });
    const [waiting, won] = within(list).getAllByRole('link');
    expect(waiting).toHaveAttribute('href', '/home/newShareInfo?id=7');
    expect(waiting).toHaveTextContent('QPS Research');
    expect(waiting).toHaveTextContent('5595 · 100 shares');
    expect(waiting).toHaveTextContent('Awaiting the draw');
    expect(waiting).toHaveTextContent('120,000.00 JPYHeld');
    expect(won).toHaveTextContent('Won: payment due');
    expect(within(list).queryByText('Lost Co')).not.toBeInTheDocument();
    expect(api.calls.find((c) => c.url === '/trade/usernewstocklist')?.form).toEqual({ type: 'jpy', lang: 'us' });

    await userEvent.click(screen.getByRole('radio', { name: 'Ended' }));
    const ended = await screen.findByRole('list', { name: 'Subscriptions' });
    const lost = within(ended).getByRole('link');
    expect(lost).toHaveTextContent('Not won: funds returned');
    expect(lost).toHaveTextContent('120,000.00 JPYSubscribed');
    expect(lost).toHaveAttribute('href', '/home/newShareInfo?id=9');
  });

  it('shows copy-trade orders in progress and ended with amount, signed profits and lock-up end', async () => {
    const api = fakeApi({
      '/trade/userstocklist': ok(empty),
      '/trade/userstocklists': ok(history),
      '/trade/userproductlist': ok([
        copyOrder({ id: 'p1', state: 'in_progress', daily_profit: '-1250.5', total_profit: '395.07' }),
        copyOrder({ id: 'p2', product_name: 'Japan Value 8', state: 'following', units: null, lock_ends_on: null }),
        copyOrder({ id: 'p3', product_name: 'Ended Basket', status: 1, state: 'ended', total_profit: '-3200' }),
      ]),
    });
    await renderRemote('/position/index', { adapter: api, session });

    await userEvent.click(await screen.findByRole('tab', { name: 'Copy trade' }));
    const list = await screen.findByRole('list', { name: 'Copy trade' });
    const [running, following] = within(list).getAllByRole('link');
    expect(within(list).getAllByRole('link')).toHaveLength(2);
    expect(running).toHaveAttribute('href', '/home/follow?id=3');
    expect(running).toHaveTextContent('Steady Growth No. 3');
    expect(running).toHaveTextContent('In progress');
    expect(running).toHaveTextContent('Buy amount 200,000.00 JPY');
    expect(running).toHaveTextContent('Lock-up until 2026-12-19');
    expect(within(running!).getByText('+395.07')).toHaveClass('ds-num--up');
    expect(within(running!).getByText('-1,250.50')).toHaveClass('ds-num--down');
    // Both profits name their currency, as the follow records do.
    expect(running).toHaveTextContent('-1,250.50 JPYDaily profit');
    expect(following).toHaveTextContent('Japan Value 8');
    expect(following).toHaveTextContent('Following');
    expect(following).toHaveTextContent('Lock-up until set once bought');
    expect(within(list).queryByText('Ended Basket')).not.toBeInTheDocument();
    expect(api.calls.find((c) => c.url === '/trade/userproductlist')?.form).toEqual({ type: 'jpy', lang: 'us' });

    await userEvent.click(screen.getByRole('radio', { name: 'Ended' }));
    const ended = within(await screen.findByRole('list', { name: 'Copy trade' })).getByRole('link');
    expect(ended).toHaveTextContent('Ended Basket');
    expect(ended).toHaveTextContent('Ended');
    expect(within(ended).getByText('-3,200.00')).toHaveClass('ds-num--down');
    expect(document.body.textContent).not.toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
  });

  it('shows a retry when the holdings call fails', async () => {
    const api = fakeApi({
      '/trade/userstocklist': { httpStatus: 500, body: { status: 0, msg: 'request_failed' } },
      '/trade/userstocklists': ok(history),
    });
    await renderRemote('/position/index', { adapter: api, session });

    expect(await screen.findByText('The list could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
  });
});

describe('position detail', () => {
  it('shows every field of spec §3 Position, with direction, fees and status', async () => {
    const closed = {
      ...position,
      status: 2,
      state: 'closed',
      close_fee: '148',
      sell_price: '2960',
      sell_time: '2026-11-24T02:00:00.000Z',
      yingkui: '16000',
      pnl_rate: '11.43',
    };
    const api = fakeApi({ '/trade/position': ok(closed) });
    await renderRemote('/position/info?id=41', { adapter: api, session });

    const card = (await screen.findByRole('heading', { name: 'Toyota Motor (7203)' })).closest('section')!;
    const value = (label: string) =>
      within(card).getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;
    expect(value('Stock code')).toHaveTextContent('7203');
    expect(value('Name')).toHaveTextContent('Toyota Motor');
    expect(value('Order number')).toHaveTextContent('T20261124000041');
    expect(value('Status')).toHaveTextContent('Closed');
    expect(value('Direction')).toHaveTextContent('Long');
    expect(value('Leverage multiple')).toHaveTextContent('2×');
    // The market's clock naming its zone, then the device's (jest: UTC).
    expect(value('Buy time')).toHaveTextContent(/^(2026-11-24 )?10:00 JST · (2026-11-24 )?01:00 your time$/);
    expect(value('Buy price')).toHaveTextContent('2,800.00 JPY');
    expect(value('Quantity held')).toHaveTextContent('100 shares');
    expect(value('Original deposit / cost')).toHaveTextContent('140,000.00 JPY');
    expect(value('Initial margin')).toHaveTextContent('140,000.00 JPY');
    expect(value('Market value')).toHaveTextContent('295,050.00 JPY');
    expect(value('Profit and loss')).toHaveTextContent('+16,000.00 JPY');
    expect(value('Profit/loss rate')).toHaveTextContent('+11.43%');
    expect(value('Opening fee')).toHaveTextContent('140.00 JPY');
    expect(value('Closing fee')).toHaveTextContent('148.00 JPY');
    expect(value('Selling price')).toHaveTextContent('2,960.00 JPY');
    expect(value('Sell time')).toHaveTextContent(/^(2026-11-24 )?11:00 JST · (2026-11-24 )?02:00 your time$/);
    expect(screen.queryByRole('button', { name: 'Close position' })).not.toBeInTheDocument();
    expect(api.calls[0]).toMatchObject({ url: '/trade/position', form: { id: '41', lang: 'us' } });
  });

  it('says the position was not found when the server refuses the id', async () => {
    const api = fakeApi({ '/trade/position': refused('order_not_found') });
    await renderRemote('/position/info?id=999', { adapter: api, session });
    expect(await screen.findByText('Position not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to positions' })).toHaveAttribute('href', '/position/index');
  });
});

describe('closing outside trading hours', () => {
  it('names the next open in local date and time', async () => {
    const api = fakeApi({
      '/trade/userstocklist': ok(holdings),
      '/trade/userstocklists': ok(history),
      '/trade/close': { status: 0, msg: 'not_trading_time', values: { opens: '2026-11-25T00:00:00.000Z' } },
    });
    await renderRemote('/position/index', { adapter: api, session });
    await userEvent.click(await screen.findByRole('button', { name: 'Close the position in Toyota Motor' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Close at market' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^The market is closed \(next open: 2026-11-25 \d\d:00\)\.Try again once the market opens\.$/,
    );
  });
});

describe('live P&L', () => {
  beforeEach(() => installFakeSocket());
  afterEach(() => uninstallFakeSocket());

  it('revalues a holding at each streamed price, long and short, summary included', async () => {
    const short = {
      ...position,
      id: 42,
      code: 'AAPL',
      name: 'Apple',
      direction: 'short',
      leverage: 1,
      stock_num: '2',
      buy_price: '230',
      nowprice: '230',
      market_value: '460',
      yingkui: '0',
      pnl_rate: '0.00',
    };
    const api = fakeApi({
      '/trade/userstocklist': (form: Record<string, string>) =>
        form.type === 'usd' ? ok({ list: { '42': short }, ccsz: '460', fdyk: '0' }) : ok(holdings),
      '/trade/userstocklists': ok(history),
    });
    await renderRemote('/position/index', { adapter: api, session: { ...session, account: '0901234567' } });
    const item = (await screen.findByRole('list', { name: 'Holdings' })).querySelector('li')!;
    expect(within(item).getByText('+15,050.00')).toBeInTheDocument();

    await waitFor(() => expect(FakeSocket.latest()?.sent[0]).toMatchObject({ op: 'auth' }));
    const socket = FakeSocket.latest()!;
    socket.ready();
    await waitFor(() => expect(socket.sent.at(-1)).toEqual({ op: 'sub', market: 'jpy', codes: ['7203'] }));
    // (2,960.50 − 2,800) × 100 = +16,050.00; value 296,050.00.
    socket.serverSend({ type: 'ticks', time: 'x', quotes: [quote({ code: '7203', price: '2960.5' })] });
    expect(within(item).getByText('+16,050.00')).toBeInTheDocument();
    expect(screen.getByText('296,050.00')).toBeInTheDocument();

    // A short gains when the price falls: (230 − 228.5) × 2 = +3.00.
    await userEvent.click(screen.getByRole('radio', { name: 'US' }));
    await screen.findByText('Apple');
    await waitFor(() => expect(socket.sent.some((m) => m.op === 'sub' && m.market === 'usd')).toBe(true));
    socket.serverSend({ type: 'ticks', time: 'x', quotes: [quote({ code: 'AAPL', market: 'usd', price: '228.5' })] });
    const apple = screen.getByRole('list', { name: 'Holdings' }).querySelector('li')!;
    expect(within(apple).getByText('+3.00')).toBeInTheDocument();
  });
});
