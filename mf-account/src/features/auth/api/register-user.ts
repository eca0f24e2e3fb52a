import { baseApi } from 'shared/api';
import { ENDPOINTS, type RegisterRequest } from 'shared/contract';

/** The register payload after client validation (`agree` is "1" once ticked). */
export type RegisterBody = Required<Pick<RegisterRequest, 'account' | 'email' | 'password' | 'password2' | 'agree'>> & {
  invite_code: string;
};

/** POST /user/register with the fields of the contract. */
export const registerUserApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    registerUser: build.mutation<unknown, RegisterBody>({
      query: (body) => ({ url: ENDPOINTS.register.path, data: body }),
    }),
  }),
});

export const { useRegisterUserMutation } = registerUserApi;
