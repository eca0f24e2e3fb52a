import { baseApi, contractQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';

/** POST /funds/withdrawRules: minimum per currency, hours, open now or the next opening, arrival, credit threshold. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getWithdrawRules: contractQuery(build, ENDPOINTS.withdrawRules, { providesTags: ['Funds'] }),
  }),
});

export const { useGetWithdrawRulesQuery } = api;
