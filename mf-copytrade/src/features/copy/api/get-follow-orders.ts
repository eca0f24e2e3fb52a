import { baseApi, contractQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';
import type { Language, Market } from 'shared/mf';

/** The record tabs the server filters by (`lockup`: units still in their lock-up at the app clock, spec §4). */
export const FOLLOW_TABS = ['all', 'active', 'lockup', 'ended'] as const;
export type FollowTab = (typeof FOLLOW_TABS)[number];

/** POST /copy/orders: the reader's follow orders of one market with units, daily and total profit and lock-up end. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getFollowOrders: contractQuery(build, ENDPOINTS.copyOrders, {
      toBody: ({ market, lang, tab = 'all' }: { market: Market; lang?: Language; tab?: FollowTab }) => ({
        type: market,
        tab,
        lang,
      }),
      providesTags: ['Products'],
    }),
  }),
});

export const { useGetFollowOrdersQuery } = api;
