import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { browserSupportsWebAuthn, startAuthentication } from '@simplewebauthn/browser';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { LoginData } from 'shared/contract';
import type { ApiError } from 'shared/api';
import { apiErrorOf } from 'shared/remote-kit';
import { Button } from 'shared/ui';
import { FormRefusal } from '#lib';
import { usePasskeyLoginMutation, usePasskeyLoginOptionsMutation } from '../api/login-second-factor';
import styles from './auth.module.css';

const cancelled: ApiError = { status: 0, kind: 'business', msg: 'passkey_response_invalid' } as ApiError;

/**
 * "Sign in with a passkey": options from the server, the browser's passkey prompt, then the assertion to
 * /user/passkeyLogin, which answers a session like /user/login (a passkey is both factors, ADR 0027).
 */
export function PasskeySignIn({ onSignedIn }: { onSignedIn: (session: LoginData) => void }) {
  const { t } = useTranslation('mf_account');
  const [getOptions] = usePasskeyLoginOptionsMutation();
  const [passkeyLogin] = usePasskeyLoginMutation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError>();
  if (!browserSupportsWebAuthn()) return null;

  const signIn = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const options = await getOptions({});
      if (options.error !== undefined) return setError(apiErrorOf(options.error));
      let credential: unknown;
      try {
        const optionsJSON = options.data.options as unknown as PublicKeyCredentialRequestOptionsJSON;
        credential = await startAuthentication({ optionsJSON });
      } catch {
        return setError(cancelled);
      }
      const result = await passkeyLogin({ credential: JSON.stringify(credential) });
      if (result.error !== undefined) return setError(apiErrorOf(result.error));
      onSignedIn(result.data);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <p className={styles.divider}>{t('twoStep.or')}</p>
      <FormRefusal className={styles.formError} error={error} />
      <Button type="button" variant="secondary" busy={busy} onClick={() => void signIn()} block>
        {t('twoStep.passkeySignIn')}
      </Button>
    </>
  );
}
