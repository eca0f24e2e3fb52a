import { baseApi, contractQuery, type BodyOf } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';

/** POST /trade/orders: the user's orders of one market, newest first (50 unless `size` says otherwise). */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getTradeOrders: contractQuery(build, ENDPOINTS.orders, {
      toBody: ({ size = 50, ...filter }: BodyOf<typeof ENDPOINTS.orders>) => ({ ...filter, size }),
      providesTags: ['Orders'],
    }),
  }),
});

export const { useGetTradeOrdersQuery } = api;
