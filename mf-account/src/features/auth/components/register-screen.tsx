import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { registerRequest } from 'shared/contract';
import { Button, Field, PageFrame } from 'shared/ui';
import { CheckField, PasswordField, fieldErrors, refusalOf, useHost, type FieldError } from '#lib';
import { useRegisterUserMutation } from '../api/register-user';
import styles from './auth.module.css';

type FieldName = 'account' | 'email' | 'password' | 'password2' | 'invite_code' | 'agree';

const LABELS: Record<FieldName, string> = {
  account: 'register.account',
  email: 'register.email',
  password: 'register.password',
  password2: 'register.password2',
  invite_code: 'register.inviteCode',
  agree: 'register.agreeLink',
};

/**
 * Server refusals that belong to one field are shown under it; the rest above the submit. (The server
 * also names the field in the envelope, but the shared base query does not pass `field` on yet.)
 */
const REFUSAL_FIELD: Partial<Record<string, FieldName>> = {
  account_exists: 'account',
  account_format: 'account',
  email_invalid: 'email',
  email_required: 'email',
  inviter_not_found: 'invite_code',
  invite_code_required: 'invite_code',
  password_required: 'password',
  password_too_short: 'password',
  passwords_mismatch: 'password2',
  agreement_required: 'agree',
};

/** /login/register: opens an account; validates with the contract's `registerRequest`, like the server. */
export function RegisterScreen() {
  const { t } = useTranslation(['mf_account', 'msg']);
  const host = useHost();
  const navigate = useNavigate();
  const [values, setValues] = useState({ account: '', email: '', password: '', password2: '', invite_code: '' });
  const [agree, setAgree] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<FieldName, FieldError>>>({});
  const [formError, setFormError] = useState<FieldError>();
  const [registerUser, { isLoading: busy }] = useRegisterUserMutation();

  const set = (name: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: event.target.value }));
  const errorOf = (name: FieldName) => {
    const e = errors[name];
    return e ? t(`msg:${e.key}`, { ...e.values, field: t(LABELS[name]) }) : undefined;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(undefined);
    const parsed = registerRequest.safeParse({ ...values, agree: agree ? '1' : undefined });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    try {
      await registerUser(parsed.data).unwrap();
    } catch (error) {
      const refusal = refusalOf(error);
      const field = REFUSAL_FIELD[refusal.key];
      if (field) setErrors({ [field]: { key: refusal.key, values: refusal.values } });
      else setFormError({ key: refusal.key, values: refusal.values });
      return;
    }
    host.toast('register_success', { ns: 'msg' });
    navigate('/login/login', { replace: true });
  };

  return (
    <PageFrame title={t('register.title')}>
      <div className={styles.body}>
        <form className={styles.form} onSubmit={submit} noValidate>
          <Field
            label={t('register.account')}
            name="account"
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={10}
            placeholder={t('register.accountHint')}
            value={values.account}
            onChange={set('account')}
            error={errorOf('account')}
          />
          <Field
            label={t('register.email')}
            name="email"
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={set('email')}
            error={errorOf('email')}
          />
          <PasswordField
            label={t('register.password')}
            name="password"
            autoComplete="new-password"
            placeholder={t('register.passwordHint')}
            value={values.password}
            onChange={set('password')}
            error={errorOf('password')}
          />
          <PasswordField
            label={t('register.password2')}
            name="password2"
            autoComplete="new-password"
            value={values.password2}
            onChange={set('password2')}
            error={errorOf('password2')}
          />
          <Field
            label={t('register.inviteCode')}
            name="invite_code"
            autoComplete="off"
            placeholder={t('register.inviteCodeHint')}
            value={values.invite_code}
            onChange={set('invite_code')}
            error={errorOf('invite_code')}
          />
          <CheckField name="agree" checked={agree} onChange={setAgree} error={errorOf('agree')}>
            {t('register.agree')} <Link to="/mine/protocol">{t('register.agreeLink')}</Link>
          </CheckField>
          {formError ? (
            <p className={styles.formError} role="alert">
              {t(`msg:${formError.key}`, { ...formError.values })}
            </p>
          ) : null}
          <Button type="submit" busy={busy} block>
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
