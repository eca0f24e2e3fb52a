import { baseApi } from 'shared/api';
import { ENDPOINTS, type RequestOf } from 'shared/contract';

/** POST /user/changePassword: the server checks the original password and ends every session of the user. */
export const changePasswordApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    changePassword: build.mutation<null, RequestOf<'changePassword'>>({
      query: (body) => ({ url: ENDPOINTS.changePassword.path, data: body }),
    }),
  }),
});

export const { useChangePasswordMutation } = changePasswordApi;
