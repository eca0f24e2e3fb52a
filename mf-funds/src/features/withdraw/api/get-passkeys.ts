import { baseApi, contractQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';

/**
 * POST /user/passkeys: whether the user has a passkey that can sign (not suspended by a password reset); then the
 * withdrawal is confirmed with it first (issue 33 point 3). mf_account declares its own endpoint for passkey
 * management under another name (one endpoint name per remote).
 */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getWithdrawPasskeys: contractQuery(build, ENDPOINTS.passkeys),
  }),
});

export const { useGetWithdrawPasskeysQuery } = api;
