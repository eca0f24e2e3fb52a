import { baseApi, contractMutation, contractQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';

/** The user's passkeys: list, register (options, then the browser's credential), delete (ADR 0027). */
export const passkeysApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPasskeys: contractQuery(build, ENDPOINTS.passkeys),
    passkeyRegisterOptions: contractMutation(build, ENDPOINTS.passkeyRegisterOptions),
    passkeyRegister: contractMutation(build, ENDPOINTS.passkeyRegister),
    passkeyDelete: contractMutation(build, ENDPOINTS.passkeyDelete),
    passkeyConfirm: contractMutation(build, ENDPOINTS.passkeyConfirm),
  }),
});

export const {
  useGetPasskeysQuery,
  usePasskeyRegisterOptionsMutation,
  usePasskeyRegisterMutation,
  usePasskeyDeleteMutation,
  usePasskeyConfirmMutation,
} = passkeysApi;
