import { baseApi, contractMutation, type BodyOf } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';

/** The body of POST /daytrade/apply. */
export type ApplyBody = BodyOf<typeof ENDPOINTS.dayTradeApply>;

/** POST /daytrade/apply with an Idempotency-Key and the fund password: the participation is held until settled. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    applyDayTrade: contractMutation(build, ENDPOINTS.dayTradeApply, {
      invalidatesTags: ['Orders', 'Funds', 'Assets', 'User', 'Config'],
    }),
  }),
});

export const { useApplyDayTradeMutation } = api;
