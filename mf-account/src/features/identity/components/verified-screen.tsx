import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from 'shared/contract';
import { Button, Field, PageFrame, StatusBadge, type StatusTone } from 'shared/ui';
import { CheckField, ImagePicker, SoonNote, useUserInfo } from '#lib';
import styles from './verified.module.css';

const TONE: Record<UserInfo['realname_status'], StatusTone> = { none: 'neutral', pending: 'pending', verified: 'success', failed: 'danger' };

/**
 * /mine/verified: name, ID number, front and back images and the privacy statement tick (spec §3, §5).
 * The current status comes from getUserinfo; the submit endpoint (with the upload) comes with the next
 * issue, so the submit stays disabled with an "available soon" note.
 */
export function VerifiedScreen() {
  const { t } = useTranslation('mf_account');
  const info = useUserInfo();
  const [values, setValues] = useState({ name: '', id_number: '' });
  const [front, setFront] = useState<File>();
  const [back, setBack] = useState<File>();
  const [privacy, setPrivacy] = useState(false);
  const set = (name: keyof typeof values) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: event.target.value }));
  const submit = (event: FormEvent) => event.preventDefault();
  const status = info.data?.realname_status;
  return (
    <PageFrame title={t('verified.title')}>
      <div className={styles.body}>
        <p className={styles.hint}>{t('verified.hint')}</p>
        {status ? (
          <p className={styles.status}>
            <span>{t('verified.status')}</span> <StatusBadge label={t(`mine.realname.${status}`)} tone={TONE[status]} dot />
          </p>
        ) : null}
        <form className={styles.form} onSubmit={submit} noValidate>
          <Field label={t('verified.name')} name="name" autoComplete="name" value={values.name} onChange={set('name')} />
          <Field label={t('verified.idNumber')} name="id_number" autoComplete="off" value={values.id_number} onChange={set('id_number')} />
          <ImagePicker label={t('verified.front')} file={front} onChange={setFront} />
          <ImagePicker label={t('verified.back')} file={back} onChange={setBack} />
          <CheckField name="privacy" checked={privacy} onChange={setPrivacy}>
            {t('verified.privacy')} <Link to="/mine/privacy">{t('verified.privacyLink')}</Link> {t('verified.privacyTail')}
          </CheckField>
          <Button type="submit" disabled block>
            {t('verified.submit')}
          </Button>
          <SoonNote />
        </form>
      </div>
    </PageFrame>
  );
}
