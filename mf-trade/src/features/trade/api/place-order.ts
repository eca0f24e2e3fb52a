import { baseApi, contractMutation, type BodyOf } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';
import { MONEY_TAGS } from '#lib';

/** The body of POST /trade/order as the form sends it (shared/contract placeOrderRequest). */
export type PlaceOrderBody = BodyOf<typeof ENDPOINTS.placeOrder>;

/** POST /trade/order with an Idempotency-Key: a double tap or a retry never places two orders. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    placeOrder: contractMutation(build, ENDPOINTS.placeOrder, { invalidatesTags: [...MONEY_TAGS] }),
  }),
});

export const { usePlaceOrderMutation } = api;
