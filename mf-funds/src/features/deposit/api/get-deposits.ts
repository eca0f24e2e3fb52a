import { baseApi } from 'shared/api';
import { ENDPOINTS, type DataOf } from 'shared/contract';

/** POST /funds/deposits: the user's deposits with their review state. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getDeposits: build.query<DataOf<'deposits'>, void>({
      query: () => ({ url: ENDPOINTS.deposits.path }),
      transformResponse: (data: unknown) => ENDPOINTS.deposits.data.parse(data),
      providesTags: ['Funds'],
    }),
  }),
});

export const { useGetDepositsQuery } = api;
