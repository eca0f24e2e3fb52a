import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ENDPOINTS, type DataOf } from 'shared/contract';
import { ImagePicker, QueryView, useContractForm, type ImageRejection } from 'shared/remote-kit';
import { Button, Card, Field, PageFrame, StatRow, StatusBadge, type StatusTone } from 'shared/ui';
import { CheckField, FormRefusal, NAMESPACE, formatDateTime, useHost } from '#lib';
import { useGetRealnameInfoQuery } from '../api/get-realname-info';
import { useSubmitRealnameMutation } from '../api/submit-realname';
import { SubmittedImages } from './submitted-images';
import styles from './verified.module.css';

type RealnameInfo = DataOf<'realnameInfo'>;
type Side = (typeof ENDPOINTS.realname.files)[number];
interface Values extends Record<Side, File | undefined> {
  name: string;
  id_number: string;
  privacy: boolean;
}
type FieldName = keyof Values;

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
const EMPTY: Values = { name: '', id_number: '', privacy: false, front: undefined, back: undefined };
const KEY_FIELDS: Partial<Record<string, FieldName>> = {
  name_required: 'name',
  id_number_required: 'id_number',
  id_number_invalid: 'id_number',
  privacy_required: 'privacy',
};

/**
 * The current state: badge, masked details of the last submission with thumbnails of the submitted
 * ID sides, the reason of a refusal.
 */
function StateCard({ info, uploaded }: { info: RealnameInfo; uploaded: readonly string[] }) {
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
      {info.submitted_at ? <SubmittedImages front={info.front_id} back={info.back_id} uploaded={uploaded} /> : null}
      {info.status === 'verified' ? (
        <Link className={styles.next} to="/mine/bank">
          {t('verified.toBank')}
        </Link>
      ) : null}
    </Card>
  );
}

/** The two sides of the ID, in the order they are asked for. */
const SIDES = ['front', 'back'] as const satisfies readonly Side[];

/** No business answer: the images did not get through (submit_failed, with the cause). */
function SubmitFailed({ failed }: { failed: { msg: string; status: number } }) {
  const { t } = useTranslation(['mf_account', 'msg']);
  return (
    <div className={styles.formError} role="alert">
      <p className={styles.failedTitle}>{t('msg:submit_failed')}</p>
      <p className={styles.failedCause}>{t(`msg:${failed.msg}`, { status: failed.status })}</p>
    </div>
  );
}

/**
 * Name, ID number, both sides of the ID and the privacy tick, checked as the server checks them: the
 * contract's realnameRequest for the text fields and the tick, `rules` for the two images it takes
 * as file parts. A submission that got no business answer (no network, an HTTP error) says upload_failed at
 * each chosen image and submit_failed above the submit with the cause (spec §9's client messages); a refusal
 * of the server keeps its own message. `onSubmitted` gets the server's answer once it took both images.
 */
function RealnameForm({ onSubmitted }: { onSubmitted: (answer: RealnameInfo) => void }) {
  const { t } = useTranslation(['mf_account', 'msg']);
  const host = useHost();
  const [submitRealname] = useSubmitRealnameMutation();
  const form = useContractForm({
    endpoint: ENDPOINTS.realname,
    defaultValues: EMPTY,
    // The tick is the contract's `privacy: "1"`; left out while it is not ticked, so the schema refuses it.
    toBody: ({ privacy, ...fields }: Values) => ({ ...fields, privacy: privacy ? ('1' as const) : undefined }),
    rules: (values) => ({
      front: values.front ? undefined : { key: 'id_images_required' },
      back: values.back ? undefined : { key: 'id_images_required' },
    }),
    labels: LABELS,
    keyFields: KEY_FIELDS,
    namespace: NAMESPACE,
    // Sent only once the schema and the rules accepted the body: the tick and both images are there.
    send: ({ front, back, ...fields }) =>
      submitRealname({ ...fields, privacy: '1', front: front as File, back: back as File }),
    // id_images_required names its part (front or back); file_type_invalid and file_too_large
    // name none, so they show above the submit.
    onSuccess: (answer) => {
      onSubmitted(answer as RealnameInfo);
      host.toast('realname_submitted', { ns: 'msg' });
    },
  });
  const [front, back, privacy] = form.form.watch(['front', 'back', 'privacy']);
  const files = { front, back };
  // No business answer: the images did not get through and nothing was submitted.
  const failed = form.refusal && form.refusal.kind !== 'business' ? form.refusal : undefined;
  const errorOf = (side: Side, file: File | undefined) =>
    form.errorOf(side) ?? (failed && file ? t('msg:upload_failed') : undefined);
  const pick = (side: Side) => (file: File | undefined, rejection?: ImageRejection) => {
    form.form.setValue(side, file);
    if (rejection) {
      const message = t(`msg:${rejection.key}`, { ...rejection.values, field: t(LABELS[side]) });
      form.form.setError(side, { type: rejection.key, message });
    } else {
      form.form.clearErrors(side);
    }
  };
  return (
    <form className={styles.form} onSubmit={form.onSubmit} noValidate aria-label={t('verified.formTitle')}>
      <h2 className={styles.formTitle}>{t('verified.formTitle')}</h2>
      <Field label={t(LABELS.name)} autoComplete="name" {...form.field('name')} />
      <Field
        label={t(LABELS.id_number)}
        autoComplete="off"
        autoCapitalize="characters"
        placeholder={t('verified.idNumberHint')}
        {...form.field('id_number')}
      />
      {SIDES.map((side) => (
        <ImagePicker
          key={side}
          label={t(LABELS[side])}
          name={side}
          hint={t('verified.imageHint')}
          chooseLabel={t('verified.choose')}
          changeLabel={t('verified.change')}
          file={files[side]}
          onChange={pick(side)}
          error={errorOf(side, files[side])}
        />
      ))}
      <CheckField
        name="privacy"
        checked={privacy}
        onChange={(checked) => form.form.setValue('privacy', checked)}
        error={form.errorOf('privacy')}
      >
        {t('verified.privacy')} <Link to="/mine/privacy">{t('verified.privacyLink')}</Link> {t('verified.privacyTail')}
      </CheckField>
      {failed ? <SubmitFailed failed={failed} /> : <FormRefusal className={styles.formError} error={form.refusal} />}
      <Button type="submit" busy={form.busy} block>
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
  // The images this visit's submission stored (the answer's ids): their thumbnails say upload_success.
  const [uploaded, setUploaded] = useState<string[]>([]);
  return (
    <PageFrame title={t('verified.title')}>
      <div className={styles.body}>
        <p className={styles.hint}>{t('verified.hint')}</p>
        <QueryView ns="mf_account" query={query} count={info ? 1 : 0} empty={{ title: t('list.loadFailed') }}>
          {info ? <StateCard info={info} uploaded={uploaded} /> : null}
          {canSubmit ? (
            <RealnameForm
              onSubmitted={(answer) => setUploaded([answer.front_id, answer.back_id].filter((id) => id !== null))}
            />
          ) : null}
        </QueryView>
      </div>
    </PageFrame>
  );
}
