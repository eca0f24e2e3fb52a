import { baseApi } from 'shared/api';
import { ENDPOINTS, type DataOf } from 'shared/contract';

/** POST /funds/credit: the credit score with the reasons of each term, limit, borrowed, available. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCredit: build.query<DataOf<'credit'>, void>({
      query: () => ({ url: ENDPOINTS.credit.path }),
      transformResponse: (data: unknown) => ENDPOINTS.credit.data.parse(data),
      providesTags: ['Funds'],
    }),
  }),
});

export const { useGetCreditQuery } = api;
