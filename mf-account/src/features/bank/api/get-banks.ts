import { baseApi } from 'shared/api';
import { ENDPOINTS, type DataOf } from 'shared/contract';

/** POST /user/banks: the bound cards, numbers masked, checked against the contract. */
export const banksApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getBanks: build.query<DataOf<'banks'>, void>({
      query: () => ({ url: ENDPOINTS.banks.path }),
      transformResponse: (data: unknown) => ENDPOINTS.banks.data.parse(data),
      providesTags: ['Bank'],
    }),
  }),
});

export const { useGetBanksQuery } = banksApi;
