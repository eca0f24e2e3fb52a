import { baseApi, contractMutation } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';

/** POST /user/passkeyWithdrawOptions: a passkey challenge bound to this amount, currency and card (ADR 0027). */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    passkeyWithdrawOptions: contractMutation(build, ENDPOINTS.passkeyWithdrawOptions),
  }),
});

export const { usePasskeyWithdrawOptionsMutation } = api;
