import { baseApi, contractMutation } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';

/** POST /daytrade/close: close a day-trade position at market. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    closeDayPosition: contractMutation(build, ENDPOINTS.dayTradeClose, {
      invalidatesTags: ['Orders', 'Positions', 'Funds', 'Assets'],
    }),
  }),
});

export const { useCloseDayPositionMutation } = api;
