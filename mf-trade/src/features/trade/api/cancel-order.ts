import { baseApi, contractMutation } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';
import { MONEY_TAGS } from '#lib';

/** POST /trade/cancel: cancels a pending limit order; its hold is released, so balances refresh. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    cancelOrder: contractMutation(build, ENDPOINTS.cancelOrder, { invalidatesTags: [...MONEY_TAGS] }),
  }),
});

export const { useCancelOrderMutation } = api;
