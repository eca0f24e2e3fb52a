import { baseApi } from 'shared/api';
import { ENDPOINTS, type DataOf } from 'shared/contract';

/** POST /user/realnameInfo: the identity verification state (masked name and number, reject reason). */
export const realnameInfoApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getRealnameInfo: build.query<DataOf<'realnameInfo'>, void>({
      query: () => ({ url: ENDPOINTS.realnameInfo.path }),
      transformResponse: (data: unknown) => ENDPOINTS.realnameInfo.data.parse(data),
      providesTags: [{ type: 'User', id: 'realname' }],
    }),
  }),
});

export const { useGetRealnameInfoQuery } = realnameInfoApi;
