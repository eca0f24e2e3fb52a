import { baseApi, contractMutation, contractQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';

/** Two-step verification while signed in (ADR 0027): status, enrolment, turning it off, new recovery codes. */
export const secondFactorApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSecondFactorStatus: contractQuery(build, ENDPOINTS.secondFactorStatus),
    totpEnrol: contractMutation(build, ENDPOINTS.totpEnrol),
    totpConfirm: contractMutation(build, ENDPOINTS.totpConfirm),
    totpDisable: contractMutation(build, ENDPOINTS.totpDisable),
    regenerateRecoveryCodes: contractMutation(build, ENDPOINTS.recoveryCodes),
  }),
});

export const {
  useGetSecondFactorStatusQuery,
  useTotpEnrolMutation,
  useTotpConfirmMutation,
  useTotpDisableMutation,
  useRegenerateRecoveryCodesMutation,
} = secondFactorApi;
