import { baseApi, contractMutation } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';
import { WATCHLIST_TAG } from './get-watchlist';

/** POST /stock/watchAdd: adds a stock to the user's watchlist. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    addToWatchlist: contractMutation(build, ENDPOINTS.watchAdd, { invalidatesTags: [WATCHLIST_TAG] }),
  }),
});

export const { useAddToWatchlistMutation } = api;
