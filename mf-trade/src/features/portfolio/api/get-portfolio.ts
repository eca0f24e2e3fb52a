import { baseApi, contractQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';

/** POST /trade/portfolio: equity per currency per day and P&L by market, recomputed on each call. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPortfolio: contractQuery(build, ENDPOINTS.portfolio, {
      // Recomputed from the ledger and market data on every call: never a stale range from the cache.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetPortfolioQuery } = api;
