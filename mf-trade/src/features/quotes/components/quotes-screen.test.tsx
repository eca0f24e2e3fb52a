import { FakeSocket, installFakeSocket, quote, renderRemote, uninstallFakeSocket } from '#testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok } from 'shared/test-utils';

const session = { language: 'us' as const, market: 'jpy' as const, token: 't', account: 'a' };
const JP = [
  quote({ code: '6758', price: '3200.00', change_ratio: '-0.50' }),
  quote({ code: '7203', price: '2500.00', change_ratio: '1.01' }),
  quote({ code: '9984', price: '9100.00', change_ratio: '2.30' }),
];
const US = [quote({ code: 'AAPL', market: 'usd', price: '190.12', change_ratio: '0.40' })];
const index = (market: 'jpy' | 'usd' | 'cny', extra = {}) =>
  quote({
    code: market === 'jpy' ? 'N225' : market === 'usd' ? 'SPX' : '000001',
    market,
    kind: 'index',
    price: '38000.00',
    ...extra,
  });

/** /stock/list sorted and paged as the server does it. */
function stockList(lists: Record<string, ReturnType<typeof quote>[]>, indexExtra = {}) {
  return (form: Record<string, string>) => {
    const rows = [...(lists[form.market!] ?? [])];
    const key = form.sort as 'code' | 'price' | 'change_ratio';
    rows.sort(
      (a, b) =>
        (key === 'code' ? a.code.localeCompare(b.code) : Number(a[key]) - Number(b[key])) *
        (form.order === 'desc' ? -1 : 1),
    );
    const page = Number(form.page);
    const size = Number(form.size);
    return ok({
      list: rows.slice((page - 1) * size, page * size),
      total: rows.length,
      page,
      size,
      index: index(form.market as 'jpy', indexExtra),
      simulated: true,
    });
  };
}

function market(lists: Record<string, ReturnType<typeof quote>[]>, indexExtra = {}) {
  return fakeApi({ '/stock/list': stockList(lists, indexExtra) });
}

const names = (list: HTMLElement) =>
  within(list)
    .getAllByRole('link')
    .map((a) => a.getAttribute('href'));

describe('quotes screen', () => {
  beforeEach(() => {
    localStorage.clear();
    installFakeSocket();
  });
  afterEach(() => uninstallFakeSocket());

  it('lists the Japan market by default with name, code, price and change, linked to the detail', async () => {
    await renderRemote('/home/home', { adapter: market({ jpy: JP }), session });
    const list = await screen.findByRole('list', { name: 'Japan quotes' });
    expect(screen.getByRole('tab', { name: 'Japan' })).toHaveAttribute('aria-selected', 'true');
    const first = within(list).getAllByRole('link')[0]!;
    expect(first).toHaveAttribute('href', '/quotes/info?code=6758&market=jpy');
    expect(first).toHaveTextContent('Sony Group');
    expect(first).toHaveTextContent('3,200.00');
    expect(first).toHaveTextContent('-0.50%');
    expect(screen.getByText('Showing 3 of 3')).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('Simulated market data');
  });

  it('sorts by change % (biggest first), then ascending on a second tap', async () => {
    const user = userEvent.setup();
    const api = market({ jpy: JP });
    await renderRemote('/home/home', { adapter: api, session });
    const list = await screen.findByRole('list', { name: 'Japan quotes' });
    await user.click(screen.getByRole('button', { name: /Change %/ }));
    await waitFor(() => expect(names(list)[0]).toContain('9984'));
    expect(names(list)).toEqual(['9984', '7203', '6758'].map((c) => `/quotes/info?code=${c}&market=jpy`));
    expect(api.calls.at(-1)?.form).toMatchObject({ market: 'jpy', sort: 'change_ratio', order: 'desc', page: '1' });
    expect(screen.getByRole('button', { name: /Change %/ })).toHaveAccessibleName('Change % sorted descending');
    await user.click(screen.getByRole('button', { name: /Change %/ }));
    await waitFor(() => expect(names(list)[0]).toContain('6758'));
    expect(api.calls.at(-1)?.form).toMatchObject({ sort: 'change_ratio', order: 'asc' });
  });

  it('keeps the sort in the address, so coming Back from a stock restores it', async () => {
    const user = userEvent.setup();
    const api = market({ jpy: JP });
    const view = await renderRemote('/home/home', { adapter: api, session });
    const list = await screen.findByRole('list', { name: 'Japan quotes' });
    await user.click(screen.getByRole('button', { name: /Price/ }));
    await waitFor(() => expect(names(list)[0]).toContain('9984'));
    expect(view.router.state.location.search).toBe('?sort=price&order=desc');
    // Open a stock, then Back: the list asks for the same sort and marks it.
    await act(() => view.router.navigate('/quotes/info?code=9984&market=jpy'));
    await act(() => view.router.navigate(-1));
    const again = await screen.findByRole('list', { name: 'Japan quotes' });
    await waitFor(() => expect(names(again)[0]).toContain('9984'));
    expect(api.calls.filter((c) => c.url.includes('/stock/list')).at(-1)?.form).toMatchObject({
      sort: 'price',
      order: 'desc',
    });
    expect(screen.getByRole('button', { name: /Price/ })).toHaveAccessibleName('Price sorted descending');
  });

  it('switches market and stores it in the session', async () => {
    const user = userEvent.setup();
    const api = market({ jpy: JP, usd: US });
    const view = await renderRemote('/home/home', { adapter: api, session });
    await screen.findByRole('list', { name: 'Japan quotes' });
    await user.click(screen.getByRole('tab', { name: 'US' }));
    const list = await screen.findByRole('list', { name: 'US quotes' });
    expect(await within(list).findByRole('link')).toHaveTextContent('Apple');
    expect(view.host.ctx.getSession().market).toBe('usd');
    expect(api.calls.at(-1)?.form).toMatchObject({ market: 'usd', lang: 'us' });
  });

  it('flashes a price that changes on the stream, green or red by direction', async () => {
    await renderRemote('/home/home', { adapter: market({ jpy: JP }), session });
    const list = await screen.findByRole('list', { name: 'Japan quotes' });
    await waitFor(() => expect(FakeSocket.latest()?.sent[0]).toMatchObject({ op: 'auth', token: 't', account: 'a' }));
    const socket = FakeSocket.latest()!;
    socket.ready();
    expect(socket.sent.filter((m) => m.op === 'sub').flatMap((m) => m.codes as string[])).toEqual(
      expect.arrayContaining(['6758', '7203', '9984', 'N225']),
    );
    socket.serverSend({
      type: 'ticks',
      time: 'now',
      quotes: [quote({ code: '7203', price: '2510.00', change_ratio: '1.41' })],
    });
    const price = within(list).getByText('2,510.00');
    expect(price).toHaveAttribute('data-flash', 'up');
    socket.serverSend({
      type: 'ticks',
      time: 'now',
      quotes: [quote({ code: '7203', price: '2490.00', change_ratio: '0.61' })],
    });
    expect(within(list).getByText('2,490.00')).toHaveAttribute('data-flash', 'down');
    expect(within(list).getByText('+0.61%')).toBeInTheDocument();
  });

  it('says when a closed market opens', async () => {
    await renderRemote('/home/home', {
      adapter: market({ jpy: JP }, { status: 'closed', next_open: '2026-11-23T00:00:00.000Z' }),
      session,
    });
    const status = await screen.findByText(/Market closed: opens at/);
    expect(status).toHaveTextContent(/^Market closed: opens at 2026-11-23 09:00 JST · 00:00 your time$/);
  });

  it("names the market's zone and the device's time in the lunch-break banner", async () => {
    // 12:30 in Tokyo is 03:30 UTC, jest's device zone.
    const resumes = new Date();
    resumes.setUTCHours(3, 30, 0, 0);
    await renderRemote('/home/home', {
      adapter: market({ jpy: JP }, { status: 'lunch', next_open: resumes.toISOString() }),
      session: { ...session, language: 'jp' },
    });
    const status = await screen.findByText(/昼休み/);
    expect(status).toHaveTextContent(/^昼休み：(\d{4}-\d{2}-\d{2} )?12:30 JST · 端末の時刻 03:30 に取引再開$/);
  });

  it('loads more quotes page by page', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 25 }, (_, i) => quote({ code: String(1000 + i) }));
    await renderRemote('/home/home', { adapter: market({ jpy: many }), session });
    const list = await screen.findByRole('list', { name: 'Japan quotes' });
    expect(within(list).getAllByRole('link')).toHaveLength(20);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(25));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('keeps the loaded quotes when the next page fails, and retries that page', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 25 }, (_, i) => quote({ code: String(1000 + i) }));
    const server = stockList({ jpy: many });
    let failures = 1;
    const api = fakeApi({
      '/stock/list': (form: Record<string, string>) => {
        if (form.page === '2' && failures > 0) {
          failures -= 1;
          return { httpStatus: 500, body: { status: 0, msg: 'request_failed' } };
        }
        return server(form);
      },
    });
    await renderRemote('/home/home', { adapter: api, session });
    const list = await screen.findByRole('list', { name: 'Japan quotes' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    // the failed page is retried in place, right under the rows already shown
    const failed = await screen.findByRole('alert');
    expect(failed).toHaveTextContent('The list could not be loaded.');
    expect(within(list).getAllByRole('link')).toHaveLength(20);
    await user.click(within(failed).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(25));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('refetches the list every few seconds while the stream cannot connect', async () => {
    installFakeSocket('refuse');
    jest.useFakeTimers({ advanceTimers: true });
    try {
      const api = market({ jpy: JP });
      await renderRemote('/home/home', { adapter: api, session });
      await screen.findByRole('list', { name: 'Japan quotes' });
      const calls = () => api.calls.filter((c) => c.url === '/stock/list' && c.form.page === '1').length;
      const before = calls();
      await act(() => jest.advanceTimersByTimeAsync(4_100));
      await waitFor(() => expect(calls()).toBeGreaterThan(before));
    } finally {
      jest.useRealTimers();
    }
  });
});
