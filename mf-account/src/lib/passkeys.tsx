/**
 * The user's passkeys (ADR 0027): the endpoints, and adding one — a step-up first, then options, the browser's
 * passkey prompt and the credential stored. Shared by the security screen and the passkey offer of the mine page
 * (issue 33 point 3), so both register a passkey the same way.
 */
import { useState, type ReactNode } from 'react';
import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { baseApi, contractMutation, contractQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';
import { useHost } from './host';
import { useStepUp } from './step-up';

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

export interface PasskeyAdd {
  /** Step-up, options, the browser's prompt, the credential stored; true when a passkey was added. */
  add: () => Promise<boolean>;
  adding: boolean;
  /** The browser's prompt was cancelled or failed (the screen says so). */
  failed: boolean;
  /** The step-up dialog: render it once in the screen. */
  dialog: ReactNode;
}

/** Adds a passkey the one way: a step-up grant for `passkey_add`, then the browser's passkey prompt. */
export function usePasskeyAdd(): PasskeyAdd {
  const host = useHost();
  const [getOptions] = usePasskeyRegisterOptionsMutation();
  const [register] = usePasskeyRegisterMutation();
  const stepUp = useStepUp();
  const [adding, setAdding] = useState(false);
  const [failed, setFailed] = useState(false);

  const add = async () => {
    setAdding(true);
    setFailed(false);
    try {
      const grant = await stepUp.grant('passkey_add');
      if (!grant) return false;
      const options = await getOptions({ step_up: grant });
      if (!options.data) return false;
      let credential: unknown;
      try {
        const optionsJSON = options.data.options as unknown as PublicKeyCredentialCreationOptionsJSON;
        credential = await startRegistration({ optionsJSON });
      } catch {
        setFailed(true);
        return false;
      }
      const result = await register({ credential: JSON.stringify(credential), name: '', step_up: grant });
      if (!result.data) return false;
      host.toast('passkey_registered', { ns: 'msg' });
      return true;
    } finally {
      setAdding(false);
    }
  };
  return { add, adding, failed, dialog: stepUp.dialog };
}
