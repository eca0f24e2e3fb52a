import { baseApi, contractMutation } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';

/**
 * POST /user/setFundPassword: first setting with the login password, a change with the old fund
 * password. Invalidates `User` so getUserinfo answers the new `has_fund_password`.
 */
export const setFundPasswordApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    setFundPassword: contractMutation(build, ENDPOINTS.setFundPassword, { invalidatesTags: ['User'] }),
  }),
});

export const { useSetFundPasswordMutation } = setFundPasswordApi;
