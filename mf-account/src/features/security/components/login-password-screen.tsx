import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { baseApi } from 'shared/api';
import { changePasswordRequest } from 'shared/contract';
import { Button, PageFrame } from 'shared/ui';
import { PasswordField, useFormErrors, useHost } from '#lib';
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
  passwords_mismatch: 'password2',
};

/** Spec §4: exit goes to /login/login after 1 s. */
export const EXIT_REDIRECT_MS = 1000;

/**
 * /mine/loginPassword: original, new and confirm, validated with the contract's changePasswordRequest.
 * On success the server has ended every session of the user, this one included: the screen says so,
 * clears the session here (as the shell's exit does, without calling /user/logout on a dead token)
 * and goes to the login screen.
 */
export function LoginPasswordScreen() {
  const { t } = useTranslation('mf_account');
  const host = useHost();
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<FieldName, string>>({ old_password: '', password: '', password2: '' });
  const [done, setDone] = useState(false);
  const form = useFormErrors({ labels: LABELS, keyFields: KEY_FIELDS });
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const set = (name: FieldName) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate(changePasswordRequest, values);
    if (!body) return;
    try {
      await changePassword(body).unwrap();
    } catch (error) {
      form.refused(error);
      return;
    }
    setDone(true);
    host.toast('password_changed', { ns: 'msg' });
    host.setSession({ token: '', account: '', is_admin: '' });
    host.store.dispatch(baseApi.util.resetApiState());
    setTimeout(() => navigate('/login/login', { replace: true }), EXIT_REDIRECT_MS);
  };

  return (
    <PageFrame title={t('loginPassword.title')}>
      <div className={styles.body}>
        <p className={styles.hint}>{t('loginPassword.hint')}</p>
        <form className={styles.form} onSubmit={submit} noValidate>
          <PasswordField
            label={t(LABELS.old_password)}
            name="old_password"
            autoComplete="current-password"
            value={values.old_password}
            onChange={set('old_password')}
            error={form.errorOf('old_password')}
          />
          <PasswordField
            label={t(LABELS.password)}
            name="password"
            autoComplete="new-password"
            placeholder={t('loginPassword.newHint')}
            value={values.password}
            onChange={set('password')}
            error={form.errorOf('password')}
          />
          <PasswordField
            label={t(LABELS.password2)}
            name="password2"
            autoComplete="new-password"
            value={values.password2}
            onChange={set('password2')}
            error={form.errorOf('password2')}
          />
          {form.formErrorText ? (
            <p className={styles.formError} role="alert">
              {form.formErrorText}
            </p>
          ) : null}
          {done ? (
            <p className={styles.status} role="status">
              {t('loginPassword.done')}
            </p>
          ) : null}
          <Button type="submit" busy={isLoading} disabled={done} block>
            {t('loginPassword.submit')}
          </Button>
        </form>
      </div>
    </PageFrame>
  );
}
