import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { loginRequest } from 'shared/contract';
import { Button, Field, PageFrame } from 'shared/ui';
import { baseApi } from 'shared/api';
import { PasswordField, fieldErrors, refusalOf, useHost, type FieldError } from '#lib';
import { useLoginUserMutation } from '../api/login-user';
import styles from './auth.module.css';

type FieldName = 'account' | 'password';

/**
 * /login/login (and its alias /login/logon): account and password. On success the session goes to
 * the shell (`setSession`) and the user lands on /login/loginAfter.
 */
export function LoginScreen() {
  const { t } = useTranslation(['mf_account', 'msg']);
  const host = useHost();
  const navigate = useNavigate();
  const [values, setValues] = useState({ account: host.getSession().account ?? '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<FieldName, FieldError>>>({});
  const [formError, setFormError] = useState<FieldError>();
  const [loginUser, { isLoading: busy }] = useLoginUserMutation();

  const set = (name: FieldName) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: event.target.value }));
  const errorOf = (name: FieldName) => {
    const e = errors[name];
    return e ? t(`msg:${e.key}`, { ...e.values }) : undefined;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(undefined);
    const parsed = loginRequest.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    let session;
    try {
      session = await loginUser(parsed.data).unwrap();
    } catch (error) {
      const refusal = refusalOf(error);
      setFormError({ key: refusal.key, values: refusal.values });
      return;
    }
    host.setSession({ token: session.token, account: session.account, is_admin: session.is_admin });
    // A new session must never see data cached for the previous one.
    host.store.dispatch(baseApi.util.resetApiState());
    navigate('/login/loginAfter', { replace: true });
  };

  return (
    <PageFrame title={t('login.title')}>
      <div className={styles.body}>
        <form className={styles.form} onSubmit={submit} noValidate>
          <Field
            label={t('login.account')}
            name="account"
            inputMode="numeric"
            autoComplete="username"
            maxLength={10}
            placeholder={t('login.accountHint')}
            value={values.account}
            onChange={set('account')}
            error={errorOf('account')}
          />
          <PasswordField
            label={t('login.password')}
            name="password"
            autoComplete="current-password"
            value={values.password}
            onChange={set('password')}
            error={errorOf('password')}
          />
          {formError ? (
            <p className={styles.formError} role="alert">
              {t(`msg:${formError.key}`, { ...formError.values })}
            </p>
          ) : null}
          <Button type="submit" busy={busy} block>
            {t('login.submit')}
          </Button>
        </form>
        <p className={styles.aside}>{t('login.forgot')}</p>
        <p className={styles.aside}>
          {t('login.noAccount')} <Link to="/login/register">{t('login.toRegister')}</Link>
        </p>
      </div>
    </PageFrame>
  );
}
