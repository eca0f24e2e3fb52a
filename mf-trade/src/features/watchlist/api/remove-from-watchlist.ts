import { baseApi } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';
import type { Market } from 'shared/mf';
import { WATCHLIST_TAG } from './get-watchlist';

/** POST /stock/watchRemove: removes a stock from the user's watchlist. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    removeFromWatchlist: build.mutation<null, { code: string; market: Market }>({
      query: (args) => ({ url: ENDPOINTS.watchRemove.path, data: { ...args } }),
      invalidatesTags: [WATCHLIST_TAG],
    }),
  }),
});

export const { useRemoveFromWatchlistMutation } = api;
