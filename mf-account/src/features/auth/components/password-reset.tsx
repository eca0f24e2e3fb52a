import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ENDPOINTS } from 'shared/contract';
import { useContractForm } from 'shared/remote-kit';
import { Button, Field, PageFrame } from 'shared/ui';
import { NAMESPACE, PasswordField, FormRefusal, useHost } from '#lib';
import { useRequestPasswordResetMutation, useResetPasswordMutation } from '../api/password-reset';
import styles from './auth.module.css';

/** Where the login screen goes back to, with the account filled in (router state). */
export interface LoginState {
  account?: string;
}

function AccountStep({ initial, onSent }: { initial: string; onSent: (account: string) => void }) {
  const { t } = useTranslation(['mf_account', 'msg']);
  const host = useHost();
  const [requestReset] = useRequestPasswordResetMutation();
  const request = useContractForm({
    endpoint: ENDPOINTS.passwordResetRequest,
    defaultValues: { account: initial },
    // The mail is written in the app's current language.
    toBody: (values) => ({ account: values.account, lang: host.getSession().language }),
    labels: { account: 'reset.account' },
    namespace: NAMESPACE,
    send: (body) => requestReset(body),
    onSuccess: (_data, values) => {
      host.toast('password_reset_sent', { ns: 'msg' });
      onSent(values.account);
    },
  });
  return (
    <form className={styles.form} onSubmit={request.onSubmit} noValidate>
      <p className={styles.intro}>{t('reset.accountIntro')}</p>
      <Field
        label={t('reset.account')}
        inputMode="numeric"
        autoComplete="username"
        maxLength={10}
        placeholder={t('login.accountHint')}
        {...request.field('account')}
      />
      <FormRefusal className={styles.formError} error={request.refusal} />
      <Button type="submit" busy={request.busy} block>
        {t('reset.send')}
      </Button>
    </form>
  );
}

interface CodeValues {
  code: string;
  password: string;
  password2: string;
}

function CodeStep({ account, onDone, onResend }: { account: string; onDone: () => void; onResend: () => void }) {
  const { t } = useTranslation(['mf_account', 'msg']);
  const host = useHost();
  const [resetPassword] = useResetPasswordMutation();
  const reset = useContractForm<CodeValues, CodeValues & { account: string }>({
    endpoint: ENDPOINTS.passwordReset,
    defaultValues: { code: '', password: '', password2: '' },
    toBody: (values) => ({ account, ...values }),
    labels: { code: 'reset.code', password: 'reset.password', password2: 'reset.password2' },
    keyFields: {
      reset_code_invalid: 'code',
      password_too_short: 'password',
      password_common: 'password',
      password_guessable: 'password',
      password_personal: 'password',
    },
    namespace: NAMESPACE,
    send: (body) => resetPassword(body),
    onSuccess: () => {
      host.toast('password_reset_done', { ns: 'msg' });
      onDone();
    },
  });
  return (
    <form className={styles.form} onSubmit={reset.onSubmit} noValidate>
      <p className={styles.intro}>{t('reset.codeIntro', { account })}</p>
      <Field
        label={t('reset.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        placeholder={t('reset.codeHint')}
        {...reset.field('code')}
      />
      <PasswordField
        label={t('reset.password')}
        autoComplete="new-password"
        placeholder={t('register.passwordHint')}
        {...reset.field('password')}
      />
      <PasswordField label={t('reset.password2')} autoComplete="new-password" {...reset.field('password2')} />
      <FormRefusal className={styles.formError} error={reset.refusal} />
      <Button type="submit" busy={reset.busy} block>
        {t('reset.submit')}
      </Button>
      <Button type="button" variant="ghost" onClick={onResend} block>
        {t('reset.resend')}
      </Button>
    </form>
  );
}

/**
 * The password reset, shown by the login screen at /login/login?reset=1 (the route table has no
 * reset route): the account, then the mailed code with the new password twice; on success the
 * login form again, with the account filled in.
 */
export function PasswordReset({ initialAccount }: { initialAccount: string }) {
  const { t } = useTranslation(['mf_account', 'msg']);
  const navigate = useNavigate();
  const [sentTo, setSentTo] = useState<string | undefined>(undefined);
  const backToLogin = (account?: string) =>
    navigate('/login/login', { replace: true, state: { account } satisfies LoginState });

  return (
    <PageFrame title={t('reset.title')}>
      <div className={styles.body}>
        {sentTo === undefined ? (
          <AccountStep initial={initialAccount} onSent={setSentTo} />
        ) : (
          <CodeStep account={sentTo} onDone={() => backToLogin(sentTo)} onResend={() => setSentTo(undefined)} />
        )}
        <p className={styles.aside}>
          <button type="button" className={styles.linkButton} onClick={() => backToLogin(sentTo ?? initialAccount)}>
            {t('reset.backToLogin')}
          </button>
        </p>
      </div>
    </PageFrame>
  );
}
