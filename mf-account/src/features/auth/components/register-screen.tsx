import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ENDPOINTS, type LoginData } from 'shared/contract';
import { useContractForm } from 'shared/remote-kit';
import { Button, Field, PageFrame } from 'shared/ui';
import { CheckField, NAMESPACE, PasswordField, FormRefusal, useHost } from '#lib';
import { useRegisterUserMutation } from '../api/register-user';
import { storeSession } from '../session';
import styles from './auth.module.css';

interface Values {
  account: string;
  email: string;
  password: string;
  password2: string;
  invite_code: string;
  agree: boolean;
}

const LABELS = {
  account: 'register.account',
  email: 'register.email',
  password: 'register.password',
  password2: 'register.password2',
  invite_code: 'register.inviteCode',
  agree: 'register.agreeLink',
} as const satisfies Record<keyof Values, string>;

/**
 * Server refusals that belong to one field are shown under it; the rest above the submit (the server
 * also names the field in the answer, which places it the same way).
 */
const KEY_FIELDS: Partial<Record<string, keyof Values>> = {
  account_exists: 'account',
  account_format: 'account',
  email_invalid: 'email',
  email_required: 'email',
  inviter_not_found: 'invite_code',
  invite_code_required: 'invite_code',
  password_required: 'password',
  password_too_short: 'password',
  password_common: 'password',
  password_guessable: 'password',
  password_personal: 'password',
  passwords_mismatch: 'password2',
  agreement_required: 'agree',
};

/**
 * /login/register: opens an account; checked with the contract's `registerRequest` (both passwords
 * equal, the agreement ticked) like the server. The new account is logged in and lands on /home/index.
 */
export function RegisterScreen() {
  const { t } = useTranslation(['mf_account', 'msg']);
  const host = useHost();
  const navigate = useNavigate();
  const [registerUser] = useRegisterUserMutation();
  const register = useContractForm<Values, Omit<Values, 'agree'> & { agree?: '1' }>({
    endpoint: ENDPOINTS.register,
    defaultValues: { account: '', email: '', password: '', password2: '', invite_code: '', agree: false },
    // The tick is the contract's `agree: "1"`; left out while it is not ticked, so the schema refuses it.
    toBody: ({ agree, ...fields }) => ({ ...fields, agree: agree ? '1' : undefined }),
    labels: LABELS,
    keyFields: KEY_FIELDS,
    namespace: NAMESPACE,
    // Sent only once the schema accepted the body: the agreement is ticked.
    send: (body) => registerUser({ ...body, agree: '1' }),
    // The server answers the new account's session: stored exactly as a login stores it, then home.
    onSuccess: (data) => {
      storeSession(host, data as LoginData);
      host.toast('register_success', { ns: 'msg' });
      navigate('/home/index', { replace: true });
    },
  });
  const agreed = register.form.watch('agree');

  return (
    <PageFrame title={t('register.title')}>
      <div className={styles.body}>
        <form className={styles.form} onSubmit={register.onSubmit} noValidate>
          <Field
            label={t(LABELS.account)}
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={10}
            placeholder={t('register.accountHint')}
            {...register.field('account')}
          />
          <Field label={t(LABELS.email)} type="email" autoComplete="email" {...register.field('email')} />
          <PasswordField
            label={t(LABELS.password)}
            autoComplete="new-password"
            placeholder={t('register.passwordHint')}
            {...register.field('password')}
          />
          <PasswordField label={t(LABELS.password2)} autoComplete="new-password" {...register.field('password2')} />
          <Field
            label={t(LABELS.invite_code)}
            autoComplete="off"
            placeholder={t('register.inviteCodeHint')}
            {...register.field('invite_code')}
          />
          <CheckField
            name="agree"
            checked={agreed}
            onChange={(checked) => register.form.setValue('agree', checked)}
            error={register.errorOf('agree')}
          >
            {t('register.agree')} <Link to="/mine/protocol">{t(LABELS.agree)}</Link>
          </CheckField>
          <FormRefusal className={styles.formError} error={register.refusal} />
          <Button type="submit" busy={register.busy} block>
            {t('register.submit')}
          </Button>
        </form>
        <p className={styles.aside}>
          {t('register.haveAccount')} <Link to="/login/login">{t('register.toLogin')}</Link>
        </p>
      </div>
    </PageFrame>
  );
}
