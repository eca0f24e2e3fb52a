import { baseApi, contractQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';

/** POST /funds/credit: the credit score with the reasons of each term, limit, borrowed, available. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCredit: contractQuery(build, ENDPOINTS.credit, { providesTags: ['Funds'] }),
  }),
});

export const { useGetCreditQuery } = api;
