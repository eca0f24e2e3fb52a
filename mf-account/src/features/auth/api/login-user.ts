import { baseApi, contractMutation } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';

/** POST /user/login; answers the session fields of the contract (`token`, `account`, `is_admin`). */
export const loginUserApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    loginUser: contractMutation(build, ENDPOINTS.login),
  }),
});

export const { useLoginUserMutation } = loginUserApi;
