import { baseApi, contractQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';

/**
 * POST /user/banks: the bound cards a withdrawal can go to. mf_account declares its own endpoint
 * for card management; both read the same path and share the 'Bank' tag, so editing cards there
 * refreshes this picker.
 */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getWithdrawCards: contractQuery(build, ENDPOINTS.banks, { providesTags: ['Bank'] }),
  }),
});

export const { useGetWithdrawCardsQuery } = api;
