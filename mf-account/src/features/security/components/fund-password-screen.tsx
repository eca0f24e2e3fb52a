import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { setFundPasswordRequest } from 'shared/contract';
import { Button, PageFrame, Skeleton } from 'shared/ui';
import { PasswordField, useFormErrors, useHost, useUserInfo, type FieldError } from '#lib';
import { useSetFundPasswordMutation } from '../api/set-fund-password';
import styles from './security.module.css';

type FieldName = 'login_password' | 'old_fund_password' | 'password' | 'password2';

const LABELS: Record<FieldName, string> = {
  login_password: 'fundPassword.loginPassword',
  old_fund_password: 'fundPassword.original',
  password: 'fundPassword.new',
  password2: 'fundPassword.confirm',
};
const KEY_FIELDS: Partial<Record<string, FieldName>> = {
  login_password_wrong: 'login_password',
  password_required: 'login_password',
  fund_password_wrong: 'old_fund_password',
  fund_password_required: 'old_fund_password',
  fund_password_format: 'password',
  passwords_mismatch: 'password2',
};

/**
 * /mine/fundPassword: set (login password + six digits twice) when getUserinfo's `has_fund_password`
 * is false, change (old fund password + six digits twice) when it is true. Validated with the
 * contract's setFundPasswordRequest; the field the mode needs is required here as the server does.
 */
export function FundPasswordScreen() {
  const { t } = useTranslation('mf_account');
  const host = useHost();
  const navigate = useNavigate();
  const info = useUserInfo();
  const [values, setValues] = useState<Record<FieldName, string>>({
    login_password: '',
    old_fund_password: '',
    password: '',
    password2: '',
  });
  const form = useFormErrors({ labels: LABELS, keyFields: KEY_FIELDS });
  const [setFundPassword, { isLoading }] = useSetFundPasswordMutation();
  const set = (name: FieldName) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: event.target.value }));
  const hasPassword = info.data?.has_fund_password ?? false;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const extra: Partial<Record<FieldName, FieldError>> = {};
    if (hasPassword && !values.old_fund_password) extra.old_fund_password = { key: 'fund_password_required' };
    if (!hasPassword && !values.login_password) extra.login_password = { key: 'password_required' };
    const body = form.validate(
      setFundPasswordRequest,
      hasPassword ? { ...values, login_password: '' } : { ...values, old_fund_password: '' },
      extra,
    );
    if (!body) return;
    try {
      await setFundPassword(body).unwrap();
    } catch (error) {
      form.refused(error);
      return;
    }
    host.toast('fund_password_saved', { ns: 'msg' });
    navigate('/mine/index', { replace: true });
  };

  if (info.status !== 'succeeded') {
    return (
      <PageFrame title={t('fundPassword.title')}>
        <div className={styles.body}>
          {info.status === 'failed' ? (
            <div className={styles.status} role="alert">
              <p className={styles.statusText}>{t('fundPassword.loadFailed')}</p>
              <Button variant="secondary" onClick={info.retry} block>
                {t('mine.retry')}
              </Button>
            </div>
          ) : (
            <div aria-busy="true">
              <Skeleton width="70%" />
              <Skeleton height="44px" />
              <Skeleton height="44px" />
            </div>
          )}
        </div>
      </PageFrame>
    );
  }

  return (
    <PageFrame title={t('fundPassword.title')}>
      <div className={styles.body}>
        <p className={styles.hint}>{t('fundPassword.hint')}</p>
        <p className={styles.status} role="status">
          {hasPassword ? t('fundPassword.statusSet') : t('fundPassword.statusUnset')}
        </p>
        <form className={styles.form} onSubmit={submit} noValidate>
          {hasPassword ? (
            <PasswordField
              label={t(LABELS.old_fund_password)}
              name="old_fund_password"
              inputMode="numeric"
              autoComplete="off"
              maxLength={6}
              value={values.old_fund_password}
              onChange={set('old_fund_password')}
              error={form.errorOf('old_fund_password')}
            />
          ) : (
            <PasswordField
              label={t(LABELS.login_password)}
              name="login_password"
              autoComplete="current-password"
              value={values.login_password}
              onChange={set('login_password')}
              error={form.errorOf('login_password')}
            />
          )}
          <PasswordField
            label={t(LABELS.password)}
            name="password"
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
            placeholder={t('fundPassword.newHint')}
            value={values.password}
            onChange={set('password')}
            error={form.errorOf('password')}
          />
          <PasswordField
            label={t(LABELS.password2)}
            name="password2"
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
            value={values.password2}
            onChange={set('password2')}
            error={form.errorOf('password2')}
          />
          {form.formErrorText ? (
            <p className={styles.formError} role="alert">
              {form.formErrorText}
            </p>
          ) : null}
          <Button type="submit" busy={isLoading} block>
            {hasPassword ? t('fundPassword.submitChange') : t('fundPassword.submitSet')}
          </Button>
        </form>
      </div>
    </PageFrame>
  );
}
