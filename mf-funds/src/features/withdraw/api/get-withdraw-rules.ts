import { baseApi } from 'shared/api';
import { ENDPOINTS, type DataOf } from 'shared/contract';

/** POST /funds/withdrawRules: minimum per currency, hours, open now or the next opening, arrival, credit threshold. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getWithdrawRules: build.query<DataOf<'withdrawRules'>, void>({
      query: () => ({ url: ENDPOINTS.withdrawRules.path }),
      transformResponse: (data: unknown) => ENDPOINTS.withdrawRules.data.parse(data),
      providesTags: ['Funds'],
    }),
  }),
});

export const { useGetWithdrawRulesQuery } = api;
