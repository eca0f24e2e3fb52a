import type { z } from 'zod';
import { baseApi } from 'shared/api';
import { ENDPOINTS, type newStockList } from 'shared/contract';
import type { Market } from 'shared/mf';

/** POST /trade/usernewstocklist (spec §7): the user's new-share subscriptions, for the positions tab. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPositionSubscriptions: build.query<z.infer<typeof newStockList>, Market>({
      query: (type) => ({ url: ENDPOINTS.newStockList.path, data: { type } }),
      transformResponse: (data: unknown) => ENDPOINTS.newStockList.data.parse(data),
      providesTags: ['NewShares'],
    }),
  }),
});

export const { useGetPositionSubscriptionsQuery: useGetSubscriptionOrdersQuery } = api;
