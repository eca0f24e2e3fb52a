import { Link } from 'react-router';
import { Facts, Money, StatusBadge, type StatusTone } from 'shared/ui';
import { formatDateTime } from 'shared/remote-kit';
import { useRemoteTranslation } from '#lib';
import type { BlockApplication } from '../api/get-block-applications';
import { applicationPath } from '../model/variants';
import { lotsText } from './listing-row';
import styles from './block-trade.module.css';

/** Review state → badge tone (spec §4: pending review, then approved or rejected). */
export const STATUS_TONES: Record<BlockApplication['status'], StatusTone> = {
  pending: 'pending',
  approved: 'success',
  rejected: 'danger',
};

/** The review state of an application as a badge. */
export function ApplicationStatus({ status }: { status: BlockApplication['status'] }) {
  const { t } = useRemoteTranslation();
  return <StatusBadge label={t(`blockApp.status.${status}`)} tone={STATUS_TONES[status]} />;
}

/**
 * An application in a list: stock, order number, lots, amount, time, review state and, once reviewed, the placement
 * (placement_success) or the rejection's reason.
 */
export function ApplicationRow({ application: a }: { application: BlockApplication }) {
  const { t, i18n } = useRemoteTranslation();
  return (
    <li>
      <Link className={styles.item} to={applicationPath(a.id)}>
        <span className={styles.head}>
          <span className={styles.name}>
            <span className={styles.title}>{a.name}</span>
            <span className={styles.sub}>{`${a.code} · ${t(`block.market.${a.market}`)}`}</span>
            <span className={styles.sub}>{t('blockApp.orderNo', { order: a.order_no })}</span>
          </span>
          <ApplicationStatus status={a.status} />
        </span>
        <Facts
          className={styles.keepLabels}
          items={[
            { label: t('blockApp.field.lots'), value: lotsText(a.lots) },
            { label: t('blockApp.field.amount'), value: <Money value={a.amount} currency={a.currency} /> },
            { label: t('blockApp.field.created'), value: formatDateTime(a.created_at, i18n.language), wide: true },
          ]}
        />
        {a.status === 'approved' ? <span className={styles.sub}>{t('msg:placement_success')}</span> : null}
        {a.status === 'rejected' && a.reason ? (
          <span className={styles.sub}>{t('blockApp.reason', { reason: a.reason })}</span>
        ) : null}
      </Link>
    </li>
  );
}
