import { baseApi } from 'shared/api';
import { ENDPOINTS, type DataOf } from 'shared/contract';
import type { Language } from 'shared/mf';

/** The watchlist's cache tag (add and remove invalidate it). */
export const WATCHLIST_TAG = { type: 'Quotes', id: 'WATCHLIST' } as const;

/** POST /stock/watchlist: the user's watched stocks of every market, with quotes. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getWatchlist: build.query<DataOf<'watchlist'>, { lang: Language }>({
      query: (args) => ({ url: ENDPOINTS.watchlist.path, data: { ...args } }),
      transformResponse: (data: unknown) => ENDPOINTS.watchlist.data.parse(data),
      providesTags: [WATCHLIST_TAG],
    }),
  }),
});

export const { useGetWatchlistQuery } = api;
