import { baseApi, contractQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';

/** POST /funds/loans: the user's loans with status, outstanding, due date and overdue flag. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getLoans: contractQuery(build, ENDPOINTS.loans, { providesTags: ['Funds'] }),
  }),
});

export const { useGetLoansQuery } = api;
