import type { z } from 'zod';
import { baseApi } from 'shared/api';
import { ENDPOINTS, type productList } from 'shared/contract';
import type { Market } from 'shared/mf';

/** POST /trade/userproductlist (spec §7): the user's copy-trade orders, status 0 active. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getFollowOrders: build.query<z.infer<typeof productList>, Market>({
      query: (type) => ({ url: ENDPOINTS.productList.path, data: { type } }),
      transformResponse: (data: unknown) => ENDPOINTS.productList.data.parse(data),
      providesTags: ['Products'],
    }),
  }),
});

export const { useGetFollowOrdersQuery } = api;
