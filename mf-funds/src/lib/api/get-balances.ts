import { baseApi } from 'shared/api';
import { ENDPOINTS, type DataOf } from 'shared/contract';

/**
 * POST /funds/balances: available and frozen per currency. Declared here (not in a feature) because
 * withdraw and exchange both show it and features never import each other.
 */
export const balancesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getFundsBalances: build.query<DataOf<'balances'>, void>({
      query: () => ({ url: ENDPOINTS.balances.path }),
      transformResponse: (data: unknown) => ENDPOINTS.balances.data.parse(data),
      providesTags: ['Funds'],
    }),
  }),
});

export const { useGetFundsBalancesQuery } = balancesApi;
