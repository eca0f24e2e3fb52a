import { baseApi, contractQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';

/** POST /user/passkeys: whether the account has a passkey yet (the home screen's passkey offer). */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getHomePasskeys: contractQuery(build, ENDPOINTS.passkeys),
  }),
});

export const { useGetHomePasskeysQuery } = api;
