import { baseApi, contractMutation } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';
import { WATCHLIST_TAG } from './get-watchlist';

/** POST /stock/watchRemove: removes a stock from the user's watchlist. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    removeFromWatchlist: contractMutation(build, ENDPOINTS.watchRemove, { invalidatesTags: [WATCHLIST_TAG] }),
  }),
});

export const { useRemoveFromWatchlistMutation } = api;
