import { baseApi, contractMutation, type BodyOf } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';
import { MONEY_TAGS } from '#lib';

/** The body of POST /trade/modify (shared/contract modifyOrderRequest). */
export type ModifyOrderBody = BodyOf<typeof ENDPOINTS.modifyOrder>;

/**
 * POST /trade/modify with the sheet's Idempotency-Key: a waiting order's price, trigger and/or quantity change and
 * its hold follows in the same transaction, so the orders and every balance refresh.
 */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    modifyTradeOrder: contractMutation(build, ENDPOINTS.modifyOrder, { invalidatesTags: [...MONEY_TAGS] }),
  }),
});

export const { useModifyTradeOrderMutation } = api;
