import { FakeSocket, installFakeSocket, quote, renderRemote, uninstallFakeSocket } from '#testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok } from 'shared/test-utils';

const session = { language: 'us' as const, market: 'jpy' as const, token: 't', account: 'a' };

function api(initial: ReturnType<typeof quote>[]) {
  let list = [...initial];
  return fakeApi({
    '/stock/watchlist': () =>
      ok({ list: list.map((q) => ({ ...q, added_at: '2026-11-20T00:00:00.000Z' })), simulated: true }),
    '/stock/watchRemove': (form: Record<string, string>) => {
      list = list.filter((q) => !(q.code === form.code && q.market === form.market));
      return ok({});
    },
  });
}

describe('watchlist screen', () => {
  beforeEach(() => installFakeSocket());
  afterEach(() => uninstallFakeSocket());

  it('lists watched stocks of every market with live prices', async () => {
    await renderRemote('/quotes/self', {
      adapter: api([quote({ code: '7203' }), quote({ code: 'AAPL', market: 'usd', price: '190.12' })]),
      session,
    });
    const list = await screen.findByRole('list', { name: 'Watchlist' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/quotes/info?code=7203&market=jpy', '/quotes/info?code=AAPL&market=usd']);
    await waitFor(() => expect(FakeSocket.latest()?.sent[0]).toMatchObject({ op: 'auth' }));
    const socket = FakeSocket.latest()!;
    socket.ready();
    expect(socket.sent.filter((m) => m.op === 'sub')).toEqual(
      expect.arrayContaining([
        { op: 'sub', market: 'jpy', codes: ['7203'] },
        { op: 'sub', market: 'usd', codes: ['AAPL'] },
      ]),
    );
    socket.serverSend({
      type: 'ticks',
      time: 'now',
      quotes: [quote({ code: 'AAPL', market: 'usd', price: '191.00' })],
    });
    expect(within(list).getByText('191.00')).toHaveAttribute('data-flash', 'up');
  });

  it('removes stocks in edit mode and leaves it with Done', async () => {
    const user = userEvent.setup();
    const fake = api([quote({ code: '7203' }), quote({ code: '6758' })]);
    await renderRemote('/quotes/self', { adapter: fake, session });
    const list = await screen.findByRole('list', { name: 'Watchlist' });
    expect(within(list).queryByRole('button')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.click(within(list).getByRole('button', { name: 'Remove Toyota Motor from the watchlist' }));
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(1));
    expect(fake.calls.find((c) => c.url === '/stock/watchRemove')?.form).toEqual({ code: '7203', market: 'jpy' });
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(within(list).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it('says the watchlist is empty and offers search', async () => {
    await renderRemote('/quotes/self', { adapter: api([]), session });
    expect(await screen.findByText('Your watchlist is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search stocks' })).toHaveAttribute('href', '/quotes/search');
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });
});
