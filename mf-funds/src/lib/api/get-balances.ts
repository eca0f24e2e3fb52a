import { baseApi, contractQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';

/**
 * POST /funds/balances: available and frozen per currency. Declared here (not in a feature) because
 * withdraw and exchange both show it and features never import each other.
 */
export const balancesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getFundsBalances: contractQuery(build, ENDPOINTS.balances, { providesTags: ['Funds'] }),
  }),
});

export const { useGetFundsBalancesQuery } = balancesApi;
