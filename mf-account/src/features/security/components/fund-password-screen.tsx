import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ENDPOINTS } from 'shared/contract';
import { useContractForm } from 'shared/remote-kit';
import { Button, PageFrame, Skeleton } from 'shared/ui';
import { FormRefusal, NAMESPACE, PasswordField, useHost, useUserInfo } from '#lib';
import { useSetFundPasswordMutation } from '../api/set-fund-password';
import styles from './security.module.css';

type FieldName = 'login_password' | 'old_fund_password' | 'password' | 'password2';
type Values = Record<FieldName, string>;

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

/** The screen while the user's profile loads, or failed to (with a retry). */
function FundPasswordLoading({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  const { t } = useTranslation('mf_account');
  return (
    <PageFrame title={t('fundPassword.title')}>
      <div className={styles.body}>
        {failed ? (
          <div className={styles.status} role="alert">
            <p className={styles.statusText}>{t('fundPassword.loadFailed')}</p>
            <Button variant="secondary" onClick={onRetry} block>
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

/**
 * /mine/fundPassword: set (login password + six digits twice) when getUserinfo's `has_fund_password`
 * is false, change (old fund password + six digits twice) when it is true. Checked with the
 * contract's setFundPasswordRequest; the field the mode needs is required here (`rules`) as the
 * server does.
 */
export function FundPasswordScreen() {
  const { t } = useTranslation('mf_account');
  const host = useHost();
  const navigate = useNavigate();
  const info = useUserInfo();
  const [setFundPassword] = useSetFundPasswordMutation();
  const hasPassword = info.data?.has_fund_password ?? false;
  const form = useContractForm<Values>({
    endpoint: ENDPOINTS.setFundPassword,
    defaultValues: { login_password: '', old_fund_password: '', password: '', password2: '' },
    // Only the mode's own proof is sent: the other one is empty.
    toBody: (values) => (hasPassword ? { ...values, login_password: '' } : { ...values, old_fund_password: '' }),
    rules: (values) => ({
      old_fund_password: hasPassword && !values.old_fund_password ? { key: 'fund_password_required' } : undefined,
      login_password: !hasPassword && !values.login_password ? { key: 'password_required' } : undefined,
    }),
    labels: LABELS,
    keyFields: KEY_FIELDS,
    namespace: NAMESPACE,
    send: (body) => setFundPassword(body),
    onSuccess: () => {
      host.toast('fund_password_saved', { ns: 'msg' });
      navigate('/mine/index', { replace: true });
    },
  });

  if (info.status !== 'succeeded')
    return <FundPasswordLoading failed={info.status === 'failed'} onRetry={info.retry} />;

  return (
    <PageFrame title={t('fundPassword.title')}>
      <div className={styles.body}>
        <p className={styles.hint}>{t('fundPassword.hint')}</p>
        <p className={styles.status} role="status">
          {hasPassword ? t('fundPassword.statusSet') : t('fundPassword.statusUnset')}
        </p>
        <form className={styles.form} onSubmit={form.onSubmit} noValidate>
          {hasPassword ? (
            <PasswordField
              label={t(LABELS.old_fund_password)}
              inputMode="numeric"
              autoComplete="off"
              maxLength={6}
              {...form.field('old_fund_password')}
            />
          ) : (
            <PasswordField
              label={t(LABELS.login_password)}
              autoComplete="current-password"
              {...form.field('login_password')}
            />
          )}
          <PasswordField
            label={t(LABELS.password)}
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
            placeholder={t('fundPassword.newHint')}
            {...form.field('password')}
          />
          <PasswordField
            label={t(LABELS.password2)}
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
            {...form.field('password2')}
          />
          <FormRefusal className={styles.formError} error={form.refusal} />
          <Button type="submit" busy={form.busy} block>
            {hasPassword ? t('fundPassword.submitChange') : t('fundPassword.submitSet')}
          </Button>
        </form>
      </div>
    </PageFrame>
  );
}
