import { useCallback, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ENDPOINTS, type LoginData } from 'shared/contract';
import { useContractForm } from 'shared/remote-kit';
import { Button, Field, PageFrame } from 'shared/ui';
import { NAMESPACE, PasswordField, FormRefusal, useHost, userInfoApi } from '#lib';
import { useLoginUserMutation } from '../api/login-user';
import { storeSession } from '../session';
import styles from './auth.module.css';
import { PasswordReset, type LoginState } from './password-reset';
import { LoginSecondStep, type SecondStep } from './login-second-step';
import { PasskeySignIn } from './passkey-sign-in';

/**
 * /login/login (and its alias /login/logon): account and password. On success the session goes to
 * the shell (`setSession`) and the user lands on /login/loginAfter. When the answer owes a second
 * factor (ADR 0027: `second_factor` and a `challenge`, no token) the same screen asks for the code (or
 * runs the authenticator's enrolment and shows the recovery codes once); the session is stored only
 * after that. With `?reset=1` (the "Forgot password?" link) the same route shows the password reset
 * instead: the route table has no reset route.
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

/** After sign-in: the session stored, the account details asked for, the welcome screen. */
function useSignedIn() {
  const host = useHost();
  const navigate = useNavigate();
  const prefetchUserInfo = userInfoApi.usePrefetch('getUserInfo', { force: true });
  return useCallback(
    (session: LoginData) => {
      storeSession(host, session);
      // The welcome screen waits for the account details: asked for now, with the new session, rather than after
      // that screen has mounted (about a tenth of the tap-to-home time; bench/login.bench.mjs, issue 35).
      prefetchUserInfo(host.getSession().market);
      navigate('/login/loginAfter', { replace: true });
    },
    [host, navigate, prefetchUserInfo],
  );
}

/**
 * While the server checks the password (a deliberately slow hash), the code of the two screens that follow loads, so
 * the hand-over after the answer waits for neither (issue 15, bench/login.bench.mjs). In a task of its own, after the
 * request has gone out.
 */
function preloadNextScreens(host: ReturnType<typeof useHost>): void {
  setTimeout(() => {
    host.preloadScreen('/login/loginAfter');
    host.preloadScreen('/home/index');
  }, 0);
}

/** Why the user is back at the password (a second step that expired). */
function LoginNotice({ notice }: { notice: string | undefined }) {
  const { t } = useTranslation(['mf_account', 'msg']);
  if (!notice) return null;
  return (
    <p className={styles.formError} role="alert">
      {t(`msg:${notice}`)}
    </p>
  );
}

/** The way to the password reset and to registering. */
function LoginLinks() {
  const { t } = useTranslation(['mf_account', 'msg']);
  return (
    <>
      <p className={styles.aside}>
        <Link to="/login/login?reset=1">{t('login.forgot')}</Link>
      </p>
      <p className={styles.aside}>
        {t('login.noAccount')} <Link to="/login/register">{t('login.toRegister')}</Link>
      </p>
    </>
  );
}

/** The password form, then the second step when the account owes one. */
function LoginForm({ account }: { account: string }) {
  const { t } = useTranslation(['mf_account', 'msg']);
  const host = useHost();
  const navigate = useNavigate();
  const [step, setStep] = useState<SecondStep>();
  const [codes, setCodes] = useState<readonly string[]>();
  const [notice, setNotice] = useState<string>();
  const [loginUser] = useLoginUserMutation();
  const signedIn = useSignedIn();
  const backToPassword = useCallback((msg?: string) => {
    setStep(undefined);
    setNotice(msg);
  }, []);
  const login = useContractForm({
    endpoint: ENDPOINTS.login,
    defaultValues: { account, password: '' },
    labels: { account: 'login.account', password: 'login.password' },
    namespace: NAMESPACE,
    send: (body) => {
      setNotice(undefined);
      const answer = loginUser(body);
      preloadNextScreens(host);
      return answer;
    },
    onSuccess: (data) => {
      const answer = data as LoginData;
      if (answer.second_factor && answer.challenge) {
        setStep({ kind: answer.second_factor, challenge: answer.challenge });
      } else signedIn(answer);
    },
  });

  if (step) {
    return (
      <PageFrame title={t('twoStep.title')}>
        <div className={styles.body}>
          <LoginSecondStep
            step={step}
            codes={codes}
            onSignedIn={(session, recoveryCodes) => {
              if (!recoveryCodes?.length) return signedIn(session);
              // The session exists now; the codes are shown once, before going on.
              storeSession(host, session);
              setCodes(recoveryCodes);
            }}
            onCodesSaved={() => navigate('/login/loginAfter', { replace: true })}
            onExpired={backToPassword}
            onCancel={() => backToPassword()}
          />
        </div>
      </PageFrame>
    );
  }

  return (
    <PageFrame title={t('login.title')}>
      <div className={styles.body}>
        <LoginNotice notice={notice} />
        <form className={styles.form} onSubmit={login.onSubmit} noValidate>
          <Field
            label={t('login.account')}
            inputMode="numeric"
            autoComplete="username webauthn"
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
        <PasskeySignIn onSignedIn={signedIn} />
        <LoginLinks />
      </div>
    </PageFrame>
  );
}
