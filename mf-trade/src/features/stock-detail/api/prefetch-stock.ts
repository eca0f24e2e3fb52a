/**
 * The stock page's first requests, started by its route at the navigation (the route's loader, shared/remote-kit
 * `createRemoteRoutes`): the quote and the opening period's candles are asked for while the screen's chunks load and
 * render, not after its first commit (issue 15: a tap on a list row to the chart; a cold deep link to the price).
 *
 * Each prefetch holds its queries (an RTK Query subscription) until the screen has subscribed to the same ones
 * (`releaseStockPrefetch` after its hooks) or HOLD_MS has passed, so an answer that arrives before the screen is kept
 * for it (the candles are dropped as soon as nobody holds them). The candles are asked for anew on every navigation:
 * they move with the clock.
 */
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { getHost } from '#lib';
import { readStockRef } from '../model/stock-ref';
import { DEFAULT_PERIOD } from '../model/periods';
import { candleArgs, candlesApi } from './get-candles';
import { detailArgs, stockDetailApi } from './get-stock-detail';

/** Long enough for a cold screen's chunks on a slow link; the screen normally takes over within a second. */
export const HOLD_MS = 30_000;

type Dispatch = ThunkDispatch<unknown, unknown, UnknownAction>;

let held: Array<{ unsubscribe(): void }> = [];
let timer: ReturnType<typeof setTimeout> | undefined;

/** Lets go of the prefetched queries (the screen holds its own by now). */
export function releaseStockPrefetch(): void {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  for (const query of held) query.unsubscribe();
  held = [];
}

/** Starts the quote and the candles of the stock at `url` (`?code=&market=`) for a signed-in reader. */
export function prefetchStock(url: URL): void {
  const host = getHost();
  const session = host.getSession();
  // Signed out, the session guard sends the reader to the login: nothing to ask for.
  if (!session.token) return;
  const stock = readStockRef(url.searchParams, session.market);
  if (!stock) return;
  releaseStockPrefetch();
  const dispatch = host.store.dispatch as Dispatch;
  held = [
    dispatch(stockDetailApi.endpoints.getStockDetail.initiate(detailArgs(stock, session.language))),
    dispatch(
      candlesApi.endpoints.getCandles.initiate(candleArgs(stock.code, stock.market, DEFAULT_PERIOD), {
        forceRefetch: true,
      }),
    ),
  ];
  timer = setTimeout(releaseStockPrefetch, HOLD_MS);
}
