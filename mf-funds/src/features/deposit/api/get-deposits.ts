import { baseApi, contractQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';

/** POST /funds/deposits: the user's deposits with their review state. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getDeposits: contractQuery(build, ENDPOINTS.deposits, { providesTags: ['Funds'] }),
  }),
});

export const { useGetDepositsQuery } = api;
