import { installFakeSocket, quote, renderRemote, uninstallFakeSocket } from '#testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok } from 'shared/test-utils';

const session = { language: 'us' as const, market: 'jpy' as const, token: 't', account: 'a' };
const toyota = quote({ code: '7203' });

function api() {
  const watched: string[] = [];
  const fake = fakeApi({
    '/stock/search': (form: Record<string, string>) => {
      const q = form.q!.toLowerCase();
      const hit = [toyota].filter(
        (s) => s.code.includes(q) || Object.values(s.names).some((n) => n.toLowerCase().includes(q)),
      );
      return ok({ list: hit, simulated: true });
    },
    '/stock/watchlist': () =>
      ok({
        list: watched.map((code) => ({ ...quote({ code }), added_at: '2026-11-20T00:00:00.000Z' })),
        simulated: true,
      }),
    '/stock/watchAdd': (form: Record<string, string>) => {
      watched.push(form.code!);
      return ok({});
    },
  });
  return fake;
}

describe('search screen', () => {
  beforeEach(() => installFakeSocket());
  afterEach(() => uninstallFakeSocket());

  it('waits for a pause in typing, then searches once with the whole text', async () => {
    jest.useFakeTimers();
    try {
      const fake = api();
      await renderRemote('/quotes/search', { adapter: fake, session });
      const input = await screen.findByLabelText('Stock code or name');
      for (const text of ['ト', 'トヨ', 'トヨタ']) {
        fireEvent.change(input, { target: { value: text } });
        await act(() => jest.advanceTimersByTimeAsync(100));
      }
      expect(fake.calls.filter((c) => c.url === '/stock/search')).toHaveLength(0);
      await act(() => jest.advanceTimersByTimeAsync(300));
      await waitFor(() =>
        expect(fake.calls.filter((c) => c.url === '/stock/search').map((c) => c.form.q)).toEqual(['トヨタ']),
      );
      expect(await screen.findByRole('link', { name: /Toyota Motor/ })).toHaveAttribute(
        'href',
        '/quotes/info?code=7203&market=jpy',
      );
    } finally {
      jest.useRealTimers();
    }
  });

  it('finds by code and adds the result to the watchlist', async () => {
    const user = userEvent.setup();
    const fake = api();
    await renderRemote('/quotes/search', { adapter: fake, session });
    await user.type(await screen.findByLabelText('Stock code or name'), '7203');
    const results = await screen.findByRole('list', { name: 'Results for “7203”' });
    const add = await within(results).findByRole('button', { name: 'Add Toyota Motor to the watchlist' });
    await waitFor(() => expect(add).toBeEnabled());
    await user.click(add);
    await waitFor(() =>
      expect(within(results).getByRole('button', { name: 'Remove Toyota Motor from the watchlist' })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
    expect(fake.calls.find((c) => c.url === '/stock/watchAdd')?.form).toEqual({ code: '7203', market: 'jpy' });
  });

  it('says when nothing matches', async () => {
    const user = userEvent.setup();
    await renderRemote('/quotes/search', { adapter: api(), session });
    await user.type(await screen.findByLabelText('Stock code or name'), 'zzz');
    expect(await screen.findByText('No results for “zzz”')).toBeInTheDocument();
  });
});
