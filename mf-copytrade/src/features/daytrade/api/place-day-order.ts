import { baseApi, contractMutation } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';

/** POST /daytrade/order with an Idempotency-Key: an order of the trade engine drawing on the allowance. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    placeDayOrder: contractMutation(build, ENDPOINTS.dayTradeOrder, {
      invalidatesTags: ['Orders', 'Positions', 'Funds', 'Assets'],
    }),
  }),
});

export const { usePlaceDayOrderMutation } = api;
