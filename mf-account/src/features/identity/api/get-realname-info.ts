import { baseApi, contractQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';

/** POST /user/realnameInfo: the identity verification state (masked name and number, reject reason). */
export const realnameInfoApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getRealnameInfo: contractQuery(build, ENDPOINTS.realnameInfo, { providesTags: [{ type: 'User', id: 'realname' }] }),
  }),
});

export const { useGetRealnameInfoQuery } = realnameInfoApi;
