import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, PageFrame, Skeleton } from 'shared/ui';
import { PasswordField, SoonNote, useUserInfo } from '#lib';
import styles from './security.module.css';

/**
 * /mine/fundPassword: set (new + confirm) when none is set, change (original + new + confirm) when one
 * is, read from getUserinfo's `has_fund_password`. The set/change endpoints come with the next issue,
 * so the submit stays disabled with an "available soon" note.
 */
export function FundPasswordScreen() {
  const { t } = useTranslation('mf_account');
  const info = useUserInfo();
  const [values, setValues] = useState({ original: '', password: '', password2: '' });
  const set = (name: keyof typeof values) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: event.target.value }));
  const submit = (event: FormEvent) => event.preventDefault();
  const hasPassword = info.data?.has_fund_password ?? false;
  return (
    <PageFrame title={t('fundPassword.title')}>
      <div className={styles.body}>
        <p className={styles.hint}>{t('fundPassword.hint')}</p>
        {info.status === 'loading' ? (
          <p className={styles.status} aria-busy="true">
            <Skeleton width="70%" />
          </p>
        ) : null}
        {info.status === 'succeeded' ? (
          <p className={styles.status} role="status">
            {hasPassword ? t('fundPassword.statusSet') : t('fundPassword.statusUnset')}
          </p>
        ) : null}
        <form className={styles.form} onSubmit={submit} noValidate>
          {hasPassword ? (
            <PasswordField label={t('fundPassword.original')} name="original" autoComplete="off" value={values.original} onChange={set('original')} />
          ) : null}
          <PasswordField label={t('fundPassword.new')} name="password" autoComplete="off" value={values.password} onChange={set('password')} />
          <PasswordField label={t('fundPassword.confirm')} name="password2" autoComplete="off" value={values.password2} onChange={set('password2')} />
          <Button type="submit" disabled block>
            {hasPassword ? t('fundPassword.submitChange') : t('fundPassword.submitSet')}
          </Button>
          <SoonNote />
        </form>
      </div>
    </PageFrame>
  );
}
