import type { z } from 'zod';
import { baseApi } from 'shared/api';
import { ENDPOINTS, type newStockList } from 'shared/contract';
import type { Market } from 'shared/mf';

/** POST /trade/usernewstocklist (spec §7): the user's subscriptions, status 1 counted, rjmoney '-' = 0. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getNewShareOrders: build.query<z.infer<typeof newStockList>, Market>({
      query: (type) => ({ url: ENDPOINTS.newStockList.path, data: { type } }),
      transformResponse: (data: unknown) => ENDPOINTS.newStockList.data.parse(data),
      providesTags: ['NewShares'],
    }),
  }),
});

export const { useGetNewShareOrdersQuery } = api;
