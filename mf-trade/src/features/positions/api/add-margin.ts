import { baseApi, contractMutation, contractQuery, type BodyOf } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';
import type { Market } from 'shared/mf';
import { MONEY_TAGS } from '#lib';

/** The body of POST /trade/addMargin as the sheet sends it (shared/contract addMarginRequest). */
export type AddMarginBody = BodyOf<typeof ENDPOINTS.addMargin>;

/**
 * POST /trade/addMargin with the sheet's Idempotency-Key (a double tap never adds twice), answering the position
 * and the server's message (the result sheet's title): money moves into the position's margin hold, so the
 * position, the lists and every balance refresh. POST /trade/config gives the available balance in the market's
 * currency shown in the sheet.
 */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    addMargin: contractMutation(build, ENDPOINTS.addMargin, { invalidatesTags: [...MONEY_TAGS], withMessage: true }),
    getMarginConfig: contractQuery(build, ENDPOINTS.tradeConfig, {
      toBody: (market: Market) => ({ market }),
      providesTags: ['Assets', 'User'],
    }),
  }),
});

export const { useAddMarginMutation, useGetMarginConfigQuery } = api;
