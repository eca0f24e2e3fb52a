import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ENDPOINTS, type LoginData } from 'shared/contract';
import { useContractForm } from 'shared/remote-kit';
import { Button, Field, PageFrame } from 'shared/ui';
import { NAMESPACE, PasswordField, FormRefusal, useHost } from '#lib';
import { useLoginUserMutation } from '../api/login-user';
import { storeSession } from '../session';
import styles from './auth.module.css';
import { PasswordReset, type LoginState } from './password-reset';

/**
 * /login/login (and its alias /login/logon): account and password. On success the session goes to
 * the shell (`setSession`) and the user lands on /login/loginAfter. With `?reset=1` (the "Forgot
 * password?" link) the same route shows the password reset instead: the route table has no reset route.
 */
export function LoginScreen() {
  const host = useHost();
  const [search] = useSearchParams();
  const state = useLocation().state as LoginState | null;
  const account = state?.account ?? host.getSession().account ?? '';
  if (search.get('reset') === '1') return <PasswordReset initialAccount={account} />;
  // Keyed by the account, so coming back from a reset fills the form with the account just reset.
  return <LoginForm key={account} account={account} />;
}

function LoginForm({ account }: { account: string }) {
  const { t } = useTranslation(['mf_account', 'msg']);
  const host = useHost();
  const navigate = useNavigate();
  const [loginUser] = useLoginUserMutation();
  const login = useContractForm({
    endpoint: ENDPOINTS.login,
    defaultValues: { account, password: '' },
    labels: { account: 'login.account', password: 'login.password' },
    namespace: NAMESPACE,
    send: (body) => loginUser(body),
    onSuccess: (data) => {
      storeSession(host, data as LoginData);
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
        <p className={styles.aside}>
          <Link to="/login/login?reset=1">{t('login.forgot')}</Link>
        </p>
        <p className={styles.aside}>
          {t('login.noAccount')} <Link to="/login/register">{t('login.toRegister')}</Link>
        </p>
      </div>
    </PageFrame>
  );
}
