import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, PageFrame } from 'shared/ui';
import { PasswordField, SoonNote } from '#lib';
import styles from './security.module.css';

/**
 * /mine/loginPassword: original, new and confirm. The change-password endpoint comes with the next
 * issue, so the submit stays disabled with an "available soon" note.
 */
export function LoginPasswordScreen() {
  const { t } = useTranslation('mf_account');
  const [values, setValues] = useState({ original: '', password: '', password2: '' });
  const set = (name: keyof typeof values) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: event.target.value }));
  const submit = (event: FormEvent) => event.preventDefault();
  return (
    <PageFrame title={t('loginPassword.title')}>
      <div className={styles.body}>
        <p className={styles.hint}>{t('loginPassword.hint')}</p>
        <form className={styles.form} onSubmit={submit} noValidate>
          <PasswordField label={t('loginPassword.original')} name="original" autoComplete="current-password" value={values.original} onChange={set('original')} />
          <PasswordField label={t('loginPassword.new')} name="password" autoComplete="new-password" value={values.password} onChange={set('password')} />
          <PasswordField label={t('loginPassword.confirm')} name="password2" autoComplete="new-password" value={values.password2} onChange={set('password2')} />
          <Button type="submit" disabled block>
            {t('loginPassword.submit')}
          </Button>
          <SoonNote />
        </form>
      </div>
    </PageFrame>
  );
}
