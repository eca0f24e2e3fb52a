import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok, type FakeApi } from 'shared/test-utils';
import type { StockDepth } from 'shared/contract';
import { FakeSocket, installFakeSocket, quote, renderRemote, uninstallFakeSocket } from '#testing';

jest.setTimeout(30_000);

const PATH = '/quotes/info?code=7203&market=jpy';

function book(overrides: Partial<StockDepth> = {}): StockDepth {
  return {
    market: 'jpy',
    code: '7203',
    price: '2500',
    bids: ['2499', '2498', '2497', '2496', '2495'].map((price, i) => ({ price, volume: String((i + 1) * 1000) })),
    asks: ['2500', '2501', '2502', '2503', '2504'].map((price, i) => ({ price, volume: String((5 - i) * 200) })),
    lot: 100,
    status: 'open',
    time: '2026-11-20T01:00:00.000Z',
    simulated: true,
    ...overrides,
  };
}

const config = {
  market: 'jpy',
  currency: 'JPY',
  leverages: [1, 2],
  fee_rate: '0.0005',
  maintenance_ratio: '0.5',
  lot: 100,
  t_plus_one: false,
  available: '1000000',
  market_status: 'open',
  next_open: null,
  order_session_date: '2026-11-20',
  valid_until_max: '2026-12-11',
  risk_disclosure_version: 3,
  risk_acknowledged: false,
  simulated: true,
};

function api(depth: StockDepth = book()): FakeApi {
  return fakeApi({
    '/stock/detail': ok(quote({ code: '7203', price: '2500.00', status: depth.status })),
    '/stock/depth': ok(depth),
    '/stock/candles': ok({ market: 'jpy', code: '7203', period: 'day', list: [], simulated: true }),
    '/trade/config': ok(config),
  });
}

type Language = 'us' | 'cn' | 'jp';

async function open(adapter = api(), language: Language = 'us') {
  const view = await renderRemote(PATH, {
    adapter,
    session: { language, market: 'jpy', token: 't', account: 'a' },
  });
  return view;
}

/** The book once its levels arrived (it mounts after the price, and its /stock/depth answer comes after that). */
async function bookOf(name: string) {
  const region = await screen.findByRole('region', { name });
  await within(region).findAllByRole('button');
  return region;
}

describe('the order book on the stock page', () => {
  beforeEach(() => installFakeSocket());
  afterEach(() => uninstallFakeSocket());

  it('shows five bids and five asks with sizes, labelled simulated, the trade form only in its sheet', async () => {
    await open();
    const region = await bookOf('Order book');
    const bids = within(within(region).getByRole('list', { name: 'Bids' })).getAllByRole('button');
    const asks = within(within(region).getByRole('list', { name: 'Asks' })).getAllByRole('button');
    expect(bids.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Bid 1: 2,499.00, 1,000 shares. Use as limit price',
      'Bid 2: 2,498.00, 2,000 shares. Use as limit price',
      'Bid 3: 2,497.00, 3,000 shares. Use as limit price',
      'Bid 4: 2,496.00, 4,000 shares. Use as limit price',
      'Bid 5: 2,495.00, 5,000 shares. Use as limit price',
    ]);
    expect(asks[0]).toHaveAccessibleName('Ask 1: 2,500.00, 1,000 shares. Use as limit price');
    expect(asks).toHaveLength(5);
    // Bars proportional to the size against the largest on either side (5,000).
    const bar = (button: HTMLElement) => (button.firstElementChild as HTMLElement).style.width;
    expect(bids.map(bar)).toEqual(['20%', '40%', '60%', '80%', '100%']);
    expect(bar(asks[4]!)).toBe('4%');
    expect(within(region).getByText('Simulated')).toBeInTheDocument();
    // The trade form is no longer on the page: the Buy long / Sell short bar opens it in a sheet.
    expect(screen.queryByRole('form', { name: 'Trade' })).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Buy long' })).toBeInTheDocument();
  });

  it('follows the book over the stream: asks for it once ready, then shows each depth frame', async () => {
    await open();
    const region = await bookOf('Order book');
    const socket = FakeSocket.latest()!;
    socket.ready();
    await waitFor(() => expect(socket.sent).toContainEqual({ op: 'depth', market: 'jpy', codes: ['7203'] }));
    const later = book({
      price: '2510',
      time: '2026-11-20T01:00:05.000Z',
      bids: [{ price: '2509', volume: '700' }],
      asks: [{ price: '2511', volume: '300' }],
    });
    socket.serverSend({ type: 'depth', books: [later] });
    expect(await within(region).findByRole('button', { name: /^Bid 1: 2,509\.00, 700 shares/ })).toBeInTheDocument();
    expect(within(region).getAllByRole('button')).toHaveLength(2);
    // An older book (the fetch answering late) never replaces a newer one; another stock's is ignored.
    socket.serverSend({ type: 'depth', books: [book({ code: '6758', price: '1', time: '2026-11-20T02:00:00.000Z' })] });
    expect(within(region).getByRole('button', { name: /^Ask 1: 2,511\.00/ })).toBeInTheDocument();
  });

  it('opens the trade form at a tapped level’s price', async () => {
    const user = userEvent.setup();
    await open();
    const region = await bookOf('Order book');
    await user.click(within(region).getByRole('button', { name: /^Ask 2: 2,501\.00/ }));
    let form = within(await screen.findByRole('dialog', { name: 'Trade' })).getByRole('form', { name: 'Trade' });
    expect(within(form).getByRole('radio', { name: 'Limit' })).toBeChecked();
    expect(within(form).getByLabelText('Limit price')).toHaveValue('2501');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(within(region).getByRole('button', { name: /^Bid 3: 2,497\.00/ }));
    form = within(await screen.findByRole('dialog', { name: 'Trade' })).getByRole('form', { name: 'Trade' });
    expect(within(form).getByLabelText('Limit price')).toHaveValue('2497');
  });

  it('says when the book is the close’s, in Chinese (the default) and Japanese', async () => {
    const closed = book({ status: 'closed' });
    const zh = await open(api(closed), 'cn');
    const region = await bookOf('买卖盘');
    expect(within(region).getByText('已收盘：显示收盘时的盘口')).toBeInTheDocument();
    expect(within(region).getByText('模拟')).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: '买1：2,499.00，1,000 股。设为限价' })).toBeInTheDocument();
    zh.unmount();
    await open(api(book({ status: 'lunch' })), 'jp');
    const ja = await bookOf('板');
    expect(within(ja).getByText('昼休み：前場引け時点の板')).toBeInTheDocument();
    expect(within(ja).getByRole('list', { name: '売り気配' })).toBeInTheDocument();
    expect(within(ja).getByRole('button', { name: '売1：2,500.00、1,000 株。指値に入れる' })).toBeInTheDocument();
  });

  it('refetches the book every few seconds while the stream is unavailable', async () => {
    uninstallFakeSocket();
    installFakeSocket('refuse');
    const adapter = api();
    await open(adapter);
    await bookOf('Order book');
    const fetches = () => adapter.calls.filter((c) => c.url === '/stock/depth').length;
    const before = fetches();
    await waitFor(() => expect(fetches()).toBeGreaterThan(before), { timeout: 8_000 });
  });

  it('shows a side with no orders at a daily limit', async () => {
    await open(api(book({ price: '1975', bids: [], status: 'open' })));
    const region = await bookOf('Order book');
    expect(within(region).getByText("No orders at today's limit")).toBeInTheDocument();
    expect(within(region).queryByRole('list', { name: 'Bids' })).toBeNull();
  });
});
