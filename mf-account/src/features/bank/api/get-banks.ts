import { baseApi, contractQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';

/** POST /user/banks: the bound cards, numbers masked, checked against the contract. */
export const banksApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getBanks: contractQuery(build, ENDPOINTS.banks, { providesTags: ['Bank'] }),
  }),
});

export const { useGetBanksQuery } = banksApi;
