import { baseApi, contractQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';
import type { Language, Market } from 'shared/mf';

/** POST /copy/orders: the reader's follow orders of one market with units, daily and total profit and lock-up end. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getFollowOrders: contractQuery(build, ENDPOINTS.copyOrders, {
      toBody: ({ market, lang }: { market: Market; lang?: Language }) => ({ type: market, tab: 'all' as const, lang }),
      providesTags: ['Products'],
    }),
  }),
});

export const { useGetFollowOrdersQuery } = api;
