import { baseApi, contractQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';

/** POST /block/applicationInfo: one of the user's applications (status, reason, money held, the holding). */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getBlockApplication: contractQuery(build, ENDPOINTS.blockApplicationInfo, { providesTags: ['Orders'] }),
  }),
});

export const { useGetBlockApplicationQuery } = api;
