import { baseApi } from 'shared/api';
import { ENDPOINTS, loginData, type LoginData, type LoginRequest } from 'shared/contract';

/** POST /user/login; answers the session fields of the contract (`token`, `account`, `is_admin`). */
export const loginUserApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    loginUser: build.mutation<LoginData, LoginRequest>({
      query: (body) => ({ url: ENDPOINTS.login.path, data: { account: body.account, password: body.password } }),
      transformResponse: (data: unknown) => loginData.parse(data),
    }),
  }),
});

export const { useLoginUserMutation } = loginUserApi;
