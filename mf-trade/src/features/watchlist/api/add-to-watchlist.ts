import { baseApi } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';
import type { Market } from 'shared/mf';
import { WATCHLIST_TAG } from './get-watchlist';

/** POST /stock/watchAdd: adds a stock to the user's watchlist. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    addToWatchlist: build.mutation<null, { code: string; market: Market }>({
      query: (args) => ({ url: ENDPOINTS.watchAdd.path, data: { ...args } }),
      invalidatesTags: [WATCHLIST_TAG],
    }),
  }),
});

export const { useAddToWatchlistMutation } = api;
