import { baseApi, contractQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';

/**
 * POST /user/realnameInfo as the bank screens read it: a card must be in the verified name, so the list and the
 * form say the identity state (none, pending, failed with its reason, verified). Same tag as the identity
 * screen's query, so a new submission refreshes both.
 */
export const bankIdentityApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getBankIdentity: contractQuery(build, ENDPOINTS.realnameInfo, { providesTags: [{ type: 'User', id: 'realname' }] }),
  }),
});

export const { useGetBankIdentityQuery } = bankIdentityApi;
