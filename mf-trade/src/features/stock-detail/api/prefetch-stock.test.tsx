/**
 * The stock page's route asks for the quote and the opening period's candles when the navigation starts (before
 * the screen has rendered), and the screen then uses those answers instead of asking again.
 */
import { screen } from '@testing-library/react';
import { fakeApi, ok } from 'shared/test-utils';
import { installFakeSocket, quote, renderInRemote, renderRemote, uninstallFakeSocket } from '#testing';
import { HOLD_MS, prefetchStock, releaseStockPrefetch } from './prefetch-stock';

jest.setTimeout(30_000);

const PATH = '/quotes/info?code=7203&market=jpy';
const session = { language: 'us' as const, market: 'jpy' as const, token: 't', account: 'a' };

function api(screenShownAt: Array<boolean>) {
  const chartShown = () => document.querySelector('[data-testid="tr-stock-chart"]') !== null;
  return fakeApi({
    '/stock/detail': () => {
      screenShownAt.push(chartShown());
      return ok(quote({ code: '7203', price: '2500.00' }));
    },
    '/stock/candles': (form: Record<string, string>) => {
      screenShownAt.push(chartShown());
      return ok({ market: 'jpy', code: '7203', period: form.period, list: [], simulated: true });
    },
    '/stock/depth': ok({
      market: 'jpy',
      code: '7203',
      price: '2500',
      bids: [],
      asks: [],
      lot: 1,
      status: 'open',
      time: '2026-11-20T01:00:00.000Z',
      simulated: true,
    }),
    '/trade/config': ok({}),
  });
}

describe('the stock page prefetch', () => {
  beforeEach(() => installFakeSocket());
  afterEach(() => {
    releaseStockPrefetch();
    uninstallFakeSocket();
    jest.useRealTimers();
  });

  it('asks for the quote and the day candles before the screen renders, and only once', async () => {
    const screenShownAt: boolean[] = [];
    const fake = api(screenShownAt);
    await renderRemote(PATH, { adapter: fake, session });
    expect(await screen.findByRole('region', { name: 'Quote' })).toHaveTextContent('2,500.00');
    const detail = fake.calls.filter((c) => c.url === '/stock/detail');
    const candles = fake.calls.filter((c) => c.url === '/stock/candles');
    expect(detail.map((c) => c.form)).toEqual([{ code: '7203', market: 'jpy', lang: 'us' }]);
    expect(candles.map((c) => c.form)).toEqual([{ code: '7203', market: 'jpy', period: 'day', limit: '200' }]);
    // Both asked for while the screen had not rendered yet.
    expect(screenShownAt.slice(0, 2)).toEqual([false, false]);
  });

  it('asks for nothing signed out or without a code, and lets go of its queries after HOLD_MS', async () => {
    const fake = api([]);
    const signedOut = await renderInRemote(<p>signed out</p>, { adapter: fake, session: { ...session, token: '' } });
    prefetchStock(new URL(`http://app${PATH}`));
    signedOut.unmount();
    const { host } = await renderInRemote(<p>signed in</p>, { adapter: fake, session });
    prefetchStock(new URL('http://app/quotes/info?market=jpy'));
    await Promise.resolve();
    expect(fake.calls).toEqual([]);

    jest.useFakeTimers();
    prefetchStock(new URL(`http://app${PATH}`));
    await jest.advanceTimersByTimeAsync(10);
    expect(fake.calls.map((c) => c.url).sort()).toEqual(['/stock/candles', '/stock/detail']);
    const held = () => Object.keys(host.store.getState().api.queries).filter((k) => k.startsWith('getCandles'));
    expect(held()).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(HOLD_MS + 10);
    // Nobody holds the candles any more: RTK Query drops them (keepUnusedDataFor 0).
    expect(held()).toHaveLength(0);
  });
});
