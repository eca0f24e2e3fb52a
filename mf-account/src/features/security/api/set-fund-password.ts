import { baseApi } from 'shared/api';
import { ENDPOINTS, type RequestOf } from 'shared/contract';

/**
 * POST /user/setFundPassword: first setting with the login password, a change with the old fund
 * password. Invalidates `User` so getUserinfo answers the new `has_fund_password`.
 */
export const setFundPasswordApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    setFundPassword: build.mutation<null, RequestOf<'setFundPassword'>>({
      query: (body) => ({ url: ENDPOINTS.setFundPassword.path, data: body }),
      invalidatesTags: ['User'],
    }),
  }),
});

export const { useSetFundPasswordMutation } = setFundPasswordApi;
