import { baseApi, contractMutation } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';

/**
 * POST /user/passwordResetRequest (mails a six-digit code; the same answer for any account) and
 * POST /user/passwordReset (the code and the new password twice; ends every session of the user).
 */
export const passwordResetApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    requestPasswordReset: contractMutation(build, ENDPOINTS.passwordResetRequest),
    resetPassword: contractMutation(build, ENDPOINTS.passwordReset),
  }),
});

export const { useRequestPasswordResetMutation, useResetPasswordMutation } = passwordResetApi;
