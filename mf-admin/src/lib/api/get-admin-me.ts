import { baseApi, contractQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';

/** POST /admin/me: the signed-in operator, the roles the server stores for them and the endpoints they may call. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAdminMe: contractQuery(build, ENDPOINTS.adminMe, { keepUnusedDataFor: 300 }),
  }),
});

export const { useGetAdminMeQuery } = api;
