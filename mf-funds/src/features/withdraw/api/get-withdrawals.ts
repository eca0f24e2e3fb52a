import { baseApi, contractQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';
import type { Market } from 'shared/mf';

/** POST /user/withdrawallist (spec §7): the user's withdrawals, status 0 pending. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getWithdrawals: contractQuery(build, ENDPOINTS.withdrawalList, {
      toBody: (type: Market) => ({ type }),
      providesTags: ['Funds'],
    }),
  }),
});

export const { useGetWithdrawalsQuery } = api;
