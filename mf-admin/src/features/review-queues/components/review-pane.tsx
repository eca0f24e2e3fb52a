import { useId, useState } from 'react';
import { DetailList, apiErrorOf } from 'shared/remote-kit';
import {
  APPROVALS_PATH,
  FieldValue,
  isPending,
  labelKeyOf,
  screenStyles,
  useRemoteTranslation,
  type Notice,
  type QueueDefinition,
} from '#lib';
import type { QueueFields } from '../model/queue-fields';
import { useReviewItemMutation } from '../api/review-item';
import { ReviewImages } from './review-images';
import styles from './queues.module.css';

export interface ReviewPaneProps {
  queue: QueueDefinition;
  fields: QueueFields;
  row: Record<string, unknown>;
  /** The operator's roles allow the queue's review endpoint (/admin/me `allowed`). */
  mayReview: boolean;
  /** The signed-in operator asked for this four-eyes request: only a different administrator decides it. */
  own?: boolean;
  onNotice: (notice: Notice) => void;
}

/**
 * The detail of one row: its fields, its images, and for a pending row Approve / Reject with a reason (a reject
 * needs one). After a decision the server's message is shown (translated when the catalogue has it).
 */
export function ReviewPane({ queue, fields, row, mayReview, own = false, onNotice }: ReviewPaneProps) {
  const { t } = useRemoteTranslation();
  const pending = isPending(row.status);

  return (
    <section className={screenStyles.pane} aria-label={t('detail.title')}>
      <h2 className={screenStyles.paneTitle}>{t('detail.title')}</h2>
      <DetailList
        className={screenStyles.details}
        items={fields.detail.map((spec) => ({
          id: spec.key,
          label: t(labelKeyOf(spec)),
          value: <FieldValue row={row} spec={spec} />,
        }))}
      />
      {fields.images ? <ReviewImages row={row} fields={fields.images} /> : null}
      {pending && fields.requesterKey ? (
        <p className={styles.waiting}>{t('approvals.waiting', { account: String(row[fields.requesterKey] ?? '') })}</p>
      ) : null}
      {pending && own ? <p className={screenStyles.muted}>{t('approvals.own')}</p> : null}
      {pending && mayReview && !own ? (
        <ReviewActions queue={queue} row={row} reasonLabelKey={fields.reasonLabelKey} onNotice={onNotice} />
      ) : null}
      {pending && !mayReview ? <p className={screenStyles.muted}>{t('review.readOnly')}</p> : null}
    </section>
  );
}

/** Approve / Reject with a reason (a reject needs one); the server's answer goes to `onNotice`. */
function ReviewActions({
  queue,
  row,
  reasonLabelKey,
  onNotice,
}: Pick<ReviewPaneProps, 'queue' | 'row' | 'onNotice'> & { reasonLabelKey?: string }) {
  const { t, i18n } = useRemoteTranslation();
  const [reason, setReason] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);
  const [review, { isLoading }] = useReviewItemMutation();
  const reasonId = useId();

  /** The approvals screen, opened on the four-eyes request when its id is known. */
  const approvalsLink = (id: number | undefined) => ({
    to: id ? `${APPROVALS_PATH}?id=${id}` : APPROVALS_PATH,
    label: t('approvals.open'),
  });
  const messageOf = (msg: string) => (msg && i18n.exists(`msg:${msg}`) ? t(`msg:${msg}`) : t('review.done'));

  const decide = async (action: 'approve' | 'reject') => {
    if (action === 'reject' && reason.trim() === '') {
      setReasonMissing(true);
      return;
    }
    setReasonMissing(false);
    const result = await review({ name: queue.review, id: Number(row.id), action, reason: reason.trim() });
    if ('data' in result && result.data) {
      const { msg, fourEyesId } = result.data;
      const link = msg === 'four_eyes_waiting' ? approvalsLink(fourEyesId) : undefined;
      onNotice(link ? { tone: 'success', text: messageOf(msg), link } : { tone: 'success', text: messageOf(msg) });
      setReason('');
    } else {
      const error = apiErrorOf(result.error);
      const text = error ? t(`msg:${error.msg}`, { ...error.values }) : t('review.failed');
      // the same item already waits for a second administrator: the way on is that request
      const waiting = error?.msg === 'four_eyes_pending_exists' ? approvalsLink(Number(error.values?.id)) : undefined;
      onNotice(waiting ? { tone: 'danger', text, link: waiting } : { tone: 'danger', text });
    }
  };

  return (
    <div className={screenStyles.actions}>
      <label htmlFor={reasonId} className={screenStyles.label}>
        {t(reasonLabelKey ?? 'review.reason')}
      </label>
      <textarea
        id={reasonId}
        className={screenStyles.textarea}
        value={reason}
        maxLength={200}
        rows={3}
        aria-invalid={reasonMissing || undefined}
        aria-describedby={reasonMissing ? `${reasonId}-error` : undefined}
        onChange={(event) => setReason(event.target.value)}
      />
      {reasonMissing ? (
        <p id={`${reasonId}-error`} className={styles.fieldError} role="alert">
          {t('review.reasonRequired')}
        </p>
      ) : null}
      <div className={styles.buttons}>
        {(['approve', 'reject'] as const).map((action) => (
          <button
            key={action}
            type="button"
            className={`ds-button ${action === 'approve' ? 'ds-button--primary' : 'ds-button--danger'}`}
            disabled={isLoading}
            onClick={() => void decide(action)}
          >
            {t(`review.${action}`)}
          </button>
        ))}
      </div>
    </div>
  );
}
