import type { Market } from 'shared/mf';
import { baseApi, contractQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';
import { sessionMinutes } from '../chart/session-axis';
import { API_PERIOD, CANDLE_LIMIT, type ChartPeriod } from '../model/periods';

/** POST /stock/candles: candles of one period, oldest first (the last may still be forming). */
export const candlesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCandles: contractQuery(build, ENDPOINTS.stockCandles, {
      // Candles move with the clock: never serve a stale period from the cache.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetCandlesQuery, useLazyGetCandlesQuery } = candlesApi;

/** The chart's request for a period: time-share the last whole session's 1-minute bars, else CANDLE_LIMIT bars. */
export function candleArgs(code: string, market: Market, period: ChartPeriod) {
  const limit = period === 'timeShare' ? sessionMinutes(market) : CANDLE_LIMIT;
  return { code, market, period: API_PERIOD[period], limit };
}
