import { baseApi, contractMutation } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';

/**
 * The second step of a password login (docs/decisions/0027-second-factors-and-devices.md): a code with the
 * challenge, or first the authenticator's enrolment; and the passkey sign-in, which needs no second step.
 */
export const loginSecondFactorApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    loginSecondFactor: contractMutation(build, ENDPOINTS.loginSecondFactor),
    loginEnrolTotp: contractMutation(build, ENDPOINTS.loginEnrolTotp),
    passkeyLoginOptions: contractMutation(build, ENDPOINTS.passkeyLoginOptions),
    passkeyLogin: contractMutation(build, ENDPOINTS.passkeyLogin),
  }),
});

export const {
  useLoginSecondFactorMutation,
  useLoginEnrolTotpMutation,
  usePasskeyLoginOptionsMutation,
  usePasskeyLoginMutation,
} = loginSecondFactorApi;
