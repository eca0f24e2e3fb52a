import { baseApi, contractMutation } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';

/** POST /user/register with the fields of the contract (`agree` is "1" once ticked). */
export const registerUserApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    registerUser: contractMutation(build, ENDPOINTS.register),
  }),
});

export const { useRegisterUserMutation } = registerUserApi;
