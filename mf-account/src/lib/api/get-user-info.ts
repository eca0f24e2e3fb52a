import { baseApi } from 'shared/api';
import { ENDPOINTS, userInfo, type UserInfo } from 'shared/contract';
import type { Market } from 'shared/mf';

/**
 * POST /user/getUserinfo with type = the selected market (spec §7). Used by several features of this
 * remote (mine, login-after, fund password, identity), so it lives in `lib` rather than in one feature.
 * The answer is checked against the contract schema: a mismatch is an error, never a guessed value.
 */
export const userInfoApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getUserInfo: build.query<UserInfo, Market>({
      query: (type) => ({ url: ENDPOINTS.userInfo.path, data: { type } }),
      transformResponse: (data: unknown) => userInfo.parse(data),
      providesTags: ['User', 'Assets'],
    }),
  }),
});

export const { useGetUserInfoQuery } = userInfoApi;
