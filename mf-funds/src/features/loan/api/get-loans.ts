import { baseApi } from 'shared/api';
import { ENDPOINTS, type DataOf } from 'shared/contract';

/** POST /funds/loans: the user's loans with status, outstanding, due date and overdue flag. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getLoans: build.query<DataOf<'loans'>, void>({
      query: () => ({ url: ENDPOINTS.loans.path }),
      transformResponse: (data: unknown) => ENDPOINTS.loans.data.parse(data),
      providesTags: ['Funds'],
    }),
  }),
});

export const { useGetLoansQuery } = api;
