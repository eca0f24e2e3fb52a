import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { realnameRequest, type DataOf } from 'shared/contract';
import { ImagePicker, QueryView, type ImageRejection } from 'shared/remote-kit';
import { Button, Card, Field, PageFrame, StatRow, StatusBadge, type StatusTone } from 'shared/ui';
import { CheckField, formatDateTime, useFormErrors, useHost, type FieldError } from '#lib';
import { useGetRealnameInfoQuery } from '../api/get-realname-info';
import { useSubmitRealnameMutation } from '../api/submit-realname';
import styles from './verified.module.css';

type RealnameInfo = DataOf<'realnameInfo'>;
type FieldName = 'name' | 'id_number' | 'front' | 'back' | 'privacy';

const TONE: Record<RealnameInfo['status'], StatusTone> = {
  none: 'neutral',
  pending: 'pending',
  verified: 'success',
  failed: 'danger',
};
const LABELS: Record<FieldName, string> = {
  name: 'verified.name',
  id_number: 'verified.idNumber',
  front: 'verified.front',
  back: 'verified.back',
  privacy: 'verified.privacyLink',
};
const KEY_FIELDS: Partial<Record<string, FieldName>> = {
  name_required: 'name',
  id_number_required: 'id_number',
  id_number_invalid: 'id_number',
  privacy_required: 'privacy',
};

/** The current state: badge, masked details of the last submission, the reason of a refusal. */
function StateCard({ info }: { info: RealnameInfo }) {
  const { t } = useTranslation('mf_account');
  const language = useHost().getSession().language;
  return (
    <Card
      title={t('verified.status')}
      extra={<StatusBadge label={t(`mine.realname.${info.status}`)} tone={TONE[info.status]} dot />}
    >
      <p className={styles.stateText}>{t(`verified.state.${info.status}`)}</p>
      {info.status === 'failed' && info.reject_reason ? (
        <p className={styles.reason} role="alert">
          {t('verified.reason', { reason: info.reject_reason })}
        </p>
      ) : null}
      {info.submitted_at ? (
        <dl className={styles.details}>
          <StatRow label={t('verified.name')}>{info.name}</StatRow>
          <StatRow label={t('verified.idNumber')}>
            <span className="ds-num">{info.id_number}</span>
          </StatRow>
          <StatRow label={t('verified.submittedAt')}>
            <span className="ds-num">{formatDateTime(info.submitted_at, language)}</span>
          </StatRow>
        </dl>
      ) : null}
      {info.status === 'verified' ? (
        <Link className={styles.next} to="/mine/bank">
          {t('verified.toBank')}
        </Link>
      ) : null}
    </Card>
  );
}

/** Name, ID number, both sides of the ID and the privacy tick, checked as the server checks them. */
function RealnameForm() {
  const { t } = useTranslation(['mf_account', 'msg']);
  const host = useHost();
  const [values, setValues] = useState({ name: '', id_number: '' });
  const [front, setFront] = useState<File>();
  const [back, setBack] = useState<File>();
  const [privacy, setPrivacy] = useState(false);
  const form = useFormErrors({ labels: LABELS, keyFields: KEY_FIELDS });
  const [submitRealname, { isLoading }] = useSubmitRealnameMutation();
  const set = (name: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: event.target.value }));
  const pick =
    (side: 'front' | 'back', setFile: (file: File | undefined) => void) =>
    (file: File | undefined, rejection?: ImageRejection) => {
      setFile(file);
      form.setFieldError(side, rejection ? { key: rejection.key, values: rejection.values } : undefined);
    };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing: Partial<Record<FieldName, FieldError>> = {};
    if (!front) missing.front = { key: 'id_images_required' };
    if (!back) missing.back = { key: 'id_images_required' };
    const body = form.validate(realnameRequest, { ...values, privacy: privacy ? '1' : undefined }, missing);
    if (!body || !front || !back) return;
    try {
      await submitRealname({ name: body.name, id_number: body.id_number, front, back }).unwrap();
    } catch (error) {
      // id_images_required names its part (front or back); file_type_invalid and file_too_large
      // name none, so they show above the submit.
      form.refused(error);
      return;
    }
    host.toast('realname_submitted', { ns: 'msg' });
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={t('verified.formTitle')}>
      <h2 className={styles.formTitle}>{t('verified.formTitle')}</h2>
      <Field
        label={t(LABELS.name)}
        name="name"
        autoComplete="name"
        value={values.name}
        onChange={set('name')}
        error={form.errorOf('name')}
      />
      <Field
        label={t(LABELS.id_number)}
        name="id_number"
        autoComplete="off"
        autoCapitalize="characters"
        placeholder={t('verified.idNumberHint')}
        value={values.id_number}
        onChange={set('id_number')}
        error={form.errorOf('id_number')}
      />
      <ImagePicker
        label={t(LABELS.front)}
        name="front"
        hint={t('verified.imageHint')}
        chooseLabel={t('verified.choose')}
        changeLabel={t('verified.change')}
        file={front}
        onChange={pick('front', setFront)}
        error={form.errorOf('front')}
      />
      <ImagePicker
        label={t(LABELS.back)}
        name="back"
        hint={t('verified.imageHint')}
        chooseLabel={t('verified.choose')}
        changeLabel={t('verified.change')}
        file={back}
        onChange={pick('back', setBack)}
        error={form.errorOf('back')}
      />
      <CheckField name="privacy" checked={privacy} onChange={setPrivacy} error={form.errorOf('privacy')}>
        {t('verified.privacy')} <Link to="/mine/privacy">{t('verified.privacyLink')}</Link> {t('verified.privacyTail')}
      </CheckField>
      {form.formErrorText ? (
        <p className={styles.formError} role="alert">
          {form.formErrorText}
        </p>
      ) : null}
      <Button type="submit" busy={isLoading} block>
        {t('verified.submit')}
      </Button>
    </form>
  );
}

/**
 * /mine/verified: the identity verification state from /user/realnameInfo (none, under review,
 * verified, failed with the reason) and, while nothing is under review or verified, the form that
 * submits name, ID number and both ID images as multipart to /user/realname.
 */
export function VerifiedScreen() {
  const { t } = useTranslation('mf_account');
  const query = useGetRealnameInfoQuery(undefined, { refetchOnMountOrArgChange: true });
  const info = query.data;
  const canSubmit = info?.status === 'none' || info?.status === 'failed';
  return (
    <PageFrame title={t('verified.title')}>
      <div className={styles.body}>
        <p className={styles.hint}>{t('verified.hint')}</p>
        <QueryView ns="mf_account" query={query} count={info ? 1 : 0} empty={{ title: t('list.loadFailed') }}>
          {info ? <StateCard info={info} /> : null}
          {canSubmit ? <RealnameForm /> : null}
        </QueryView>
      </div>
    </PageFrame>
  );
}
