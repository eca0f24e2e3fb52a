import { baseApi } from 'shared/api';
import { ENDPOINTS, type DataOf } from 'shared/contract';
import { MONEY_TAGS } from '#lib';

/** POST /trade/cancel: cancels a pending limit order; its hold is released, so balances refresh. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    cancelOrder: build.mutation<DataOf<'cancelOrder'>, number>({
      query: (id) => ({ url: ENDPOINTS.cancelOrder.path, data: { id } }),
      transformResponse: (data: unknown) => ENDPOINTS.cancelOrder.data.parse(data),
      invalidatesTags: [...MONEY_TAGS],
    }),
  }),
});

export const { useCancelOrderMutation } = api;
