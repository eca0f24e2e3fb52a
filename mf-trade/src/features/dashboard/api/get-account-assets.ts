import { baseApi, contractQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';

/** POST /user/assets {display}: every currency of the account and their total in `display` (mid rates). */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAccountAssets: contractQuery(build, ENDPOINTS.accountAssets, { providesTags: ['Assets', 'Funds'] }),
  }),
});

export const { useGetAccountAssetsQuery } = api;
