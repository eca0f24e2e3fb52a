import { baseApi, contractQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';

/** The watchlist's cache tag (add and remove invalidate it). */
export const WATCHLIST_TAG = { type: 'Quotes', id: 'WATCHLIST' } as const;

/** POST /stock/watchlist: the user's watched stocks of every market, with quotes. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getWatchlist: contractQuery(build, ENDPOINTS.watchlist, { providesTags: [WATCHLIST_TAG] }),
  }),
});

export const { useGetWatchlistQuery } = api;
