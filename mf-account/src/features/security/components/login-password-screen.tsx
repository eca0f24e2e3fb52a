import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { baseApi } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';
import { useContractForm } from 'shared/remote-kit';
import { Button, PageFrame } from 'shared/ui';
import { NAMESPACE, PasswordField, FormRefusal, useHost } from '#lib';
import { useChangePasswordMutation } from '../api/change-password';
import styles from './security.module.css';

type FieldName = 'old_password' | 'password' | 'password2';

const LABELS: Record<FieldName, string> = {
  old_password: 'loginPassword.original',
  password: 'loginPassword.new',
  password2: 'loginPassword.confirm',
};
const KEY_FIELDS: Partial<Record<string, FieldName>> = {
  original_password_wrong: 'old_password',
  password_too_short: 'password',
  password_common: 'password',
  password_guessable: 'password',
  password_personal: 'password',
  passwords_mismatch: 'password2',
};

/** Spec §4: exit goes to /login/login after 1 s. */
export const EXIT_REDIRECT_MS = 1000;

/**
 * /mine/loginPassword: original, new and confirm, checked with the contract's changePasswordRequest.
 * On success the server has ended every session of the user, this one included: the screen says so,
 * clears the session here (as the shell's exit does, without calling /user/logout on a dead token)
 * and goes to the login screen.
 */
export function LoginPasswordScreen() {
  const { t } = useTranslation('mf_account');
  const host = useHost();
  const navigate = useNavigate();
  const [done, setDone] = useState(false);
  const [changePassword] = useChangePasswordMutation();
  const form = useContractForm({
    endpoint: ENDPOINTS.changePassword,
    defaultValues: { old_password: '', password: '', password2: '' },
    labels: LABELS,
    keyFields: KEY_FIELDS,
    namespace: NAMESPACE,
    send: (body) => changePassword(body),
    onSuccess: () => {
      setDone(true);
      host.toast('password_changed', { ns: 'msg' });
      host.setSession({ token: '', account: '', is_admin: '' });
      host.store.dispatch(baseApi.util.resetApiState());
      setTimeout(() => navigate('/login/login', { replace: true }), EXIT_REDIRECT_MS);
    },
  });

  return (
    <PageFrame title={t('loginPassword.title')}>
      <div className={styles.body}>
        <p className={styles.hint}>{t('loginPassword.hint')}</p>
        <form className={styles.form} onSubmit={form.onSubmit} noValidate>
          <PasswordField
            label={t(LABELS.old_password)}
            autoComplete="current-password"
            {...form.field('old_password')}
          />
          <PasswordField
            label={t(LABELS.password)}
            autoComplete="new-password"
            placeholder={t('loginPassword.newHint')}
            {...form.field('password')}
          />
          <PasswordField label={t(LABELS.password2)} autoComplete="new-password" {...form.field('password2')} />
          <FormRefusal className={styles.formError} error={form.refusal} />
          {done ? (
            <p className={styles.status} role="status">
              {t('loginPassword.done')}
            </p>
          ) : null}
          <Button type="submit" busy={form.busy} disabled={done} block>
            {t('loginPassword.submit')}
          </Button>
        </form>
      </div>
    </PageFrame>
  );
}
