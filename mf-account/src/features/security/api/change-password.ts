import { baseApi, contractMutation } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';

/** POST /user/changePassword: the server checks the original password and ends every session of the user. */
export const changePasswordApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    changePassword: contractMutation(build, ENDPOINTS.changePassword),
  }),
});

export const { useChangePasswordMutation } = changePasswordApi;
