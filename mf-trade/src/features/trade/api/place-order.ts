import { baseApi, contractMutation, type BodyOf } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';
import { MONEY_TAGS } from '#lib';

/** The body of POST /trade/order as the form sends it (shared/contract placeOrderRequest). */
export type PlaceOrderBody = BodyOf<typeof ENDPOINTS.placeOrder>;

/**
 * POST /trade/order with an Idempotency-Key: a double tap or a retry never places two orders. Answers the order and
 * the server's message (order_placed), which the result sheet shows.
 */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    placeOrder: contractMutation(build, ENDPOINTS.placeOrder, { invalidatesTags: [...MONEY_TAGS], withMessage: true }),
  }),
});

export const { usePlaceOrderMutation } = api;
