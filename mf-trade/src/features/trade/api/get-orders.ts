import { baseApi } from 'shared/api';
import { ENDPOINTS, type DataOf } from 'shared/contract';
import type { Market } from 'shared/mf';

/** Which orders of /trade/orders: pending limit orders, or the history (cancelled and filled). */
export type OrdersFilter = 'pending' | 'cancelled' | 'filled' | 'all';

/** POST /trade/orders: the user's orders of one market, newest first. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getTradeOrders: build.query<
      DataOf<'orders'>,
      { market: Market; status: OrdersFilter; lang: string; size?: number }
    >({
      query: ({ market, status, lang, size = 50 }) => ({
        url: ENDPOINTS.orders.path,
        data: { market, status, lang, size },
      }),
      transformResponse: (data: unknown) => ENDPOINTS.orders.data.parse(data),
      providesTags: ['Orders'],
    }),
  }),
});

export const { useGetTradeOrdersQuery } = api;
