import { baseApi, contractMutation } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';

/** POST /daytrade/cancel: cancel a pending day-trade limit order (its hold goes back into the participation). */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    cancelDayOrder: contractMutation(build, ENDPOINTS.dayTradeCancel, {
      invalidatesTags: ['Orders', 'Positions', 'Funds', 'Assets'],
    }),
  }),
});

export const { useCancelDayOrderMutation } = api;
