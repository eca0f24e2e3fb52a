import { baseApi, contractQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';

/** POST /stock/candles: candles of one period, oldest first (the last may still be forming). */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCandles: contractQuery(build, ENDPOINTS.stockCandles, {
      // Candles move with the clock: never serve a stale period from the cache.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetCandlesQuery, useLazyGetCandlesQuery } = api;
