import { baseApi, contractQuery, type BodyOf } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';

/** The watchlist's cache tag (add and remove invalidate it). */
export const WATCHLIST_TAG = { type: 'Quotes', id: 'WATCHLIST' } as const;

/** POST /stock/watchlist: the user's watched stocks of every market, with quotes. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // The body is the argument (typed explicitly: every field of it is optional).
    getWatchlist: contractQuery<typeof ENDPOINTS.watchlist, BodyOf<typeof ENDPOINTS.watchlist>>(
      build,
      ENDPOINTS.watchlist,
      {
        providesTags: [WATCHLIST_TAG],
      },
    ),
  }),
});

export const { useGetWatchlistQuery } = api;
