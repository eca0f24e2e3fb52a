import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { baseApi } from 'shared/api';
import { ENDPOINTS, type LoginData } from 'shared/contract';
import { useContractForm } from 'shared/remote-kit';
import { Button, Field, PageFrame } from 'shared/ui';
import { NAMESPACE, PasswordField, FormRefusal, useHost } from '#lib';
import { useLoginUserMutation } from '../api/login-user';
import styles from './auth.module.css';

/**
 * /login/login (and its alias /login/logon): account and password. On success the session goes to
 * the shell (`setSession`) and the user lands on /login/loginAfter.
 */
export function LoginScreen() {
  const { t } = useTranslation(['mf_account', 'msg']);
  const host = useHost();
  const navigate = useNavigate();
  const [loginUser] = useLoginUserMutation();
  const login = useContractForm({
    endpoint: ENDPOINTS.login,
    defaultValues: { account: host.getSession().account ?? '', password: '' },
    labels: { account: 'login.account', password: 'login.password' },
    namespace: NAMESPACE,
    send: (body) => loginUser(body),
    onSuccess: (data) => {
      const session = data as LoginData;
      host.setSession({ token: session.token, account: session.account, is_admin: session.is_admin });
      // A new session must never see data cached for the previous one.
      host.store.dispatch(baseApi.util.resetApiState());
      navigate('/login/loginAfter', { replace: true });
    },
  });

  return (
    <PageFrame title={t('login.title')}>
      <div className={styles.body}>
        <form className={styles.form} onSubmit={login.onSubmit} noValidate>
          <Field
            label={t('login.account')}
            inputMode="numeric"
            autoComplete="username"
            maxLength={10}
            placeholder={t('login.accountHint')}
            {...login.field('account')}
          />
          <PasswordField label={t('login.password')} autoComplete="current-password" {...login.field('password')} />
          <FormRefusal className={styles.formError} error={login.refusal} />
          <Button type="submit" busy={login.busy} block>
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
