import { baseApi, contractQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';
import type { Market } from 'shared/mf';

/**
 * POST /user/getUserinfo with type = the selected market (spec §7). Used by several features of this
 * remote (mine, login-after, fund password, identity), so it lives in `lib` rather than in one feature.
 * The base query checks the answer against the contract schema: a mismatch is an error, never a guessed value.
 */
export const userInfoApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getUserInfo: contractQuery(build, ENDPOINTS.userInfo, {
      toBody: (type: Market) => ({ type }),
      providesTags: ['User', 'Assets'],
    }),
  }),
});

export const { useGetUserInfoQuery } = userInfoApi;
