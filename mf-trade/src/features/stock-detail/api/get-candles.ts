import { baseApi } from 'shared/api';
import { ENDPOINTS, type CandlePeriod, type DataOf } from 'shared/contract';
import type { Market } from 'shared/mf';

export interface CandlesArgs {
  code: string;
  market: Market;
  period: CandlePeriod;
  limit: number;
}

/** POST /stock/candles: candles of one period, oldest first (the last may still be forming). */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCandles: build.query<DataOf<'stockCandles'>, CandlesArgs>({
      query: (args) => ({ url: ENDPOINTS.stockCandles.path, data: { ...args } }),
      transformResponse: (data: unknown) => ENDPOINTS.stockCandles.data.parse(data),
      // Candles move with the clock: never serve a stale period from the cache.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetCandlesQuery, useLazyGetCandlesQuery } = api;
