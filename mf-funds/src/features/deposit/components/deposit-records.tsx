import { Card, Money, StatusBadge, type StatusTone } from 'shared/ui';
import { layout, QueryView } from 'shared/remote-kit';
import { NAMESPACE, formatLocalTime, useRemoteTranslation } from '#lib';
import { useGetDepositsQuery } from '../api/get-deposits';
import { DepositProof } from './deposit-proof';
import styles from './deposit.module.css';

const TONES: Record<'pending' | 'approved' | 'rejected', StatusTone> = {
  pending: 'pending',
  approved: 'success',
  rejected: 'danger',
};

/**
 * The user's deposits (/funds/deposits): order number, time, amount, review state, a rejection's
 * reason and the transfer proof the user uploaded.
 */
export function DepositRecords() {
  const { t, i18n } = useRemoteTranslation();
  const query = useGetDepositsQuery(undefined, { refetchOnMountOrArgChange: true });
  const rows = query.data ?? [];
  return (
    <Card title={t('deposit.records.title')} className={layout.card} id="deposit-records">
      <QueryView
        ns={NAMESPACE}
        query={query}
        count={rows.length}
        empty={{ title: t('deposit.records.empty'), hint: t('deposit.records.emptyHint') }}
      >
        <ul className={layout.list} aria-label={t('deposit.records.title')}>
          {rows.map((d) => (
            <li key={d.id} className={layout.row}>
              <span className={`${layout.rowMain} ${styles.main}`}>
                <span className={layout.rowTitle}>{d.order_no}</span>
                <span className={layout.rowSub}>{formatLocalTime(d.created_at, i18n.language)}</span>
                {d.status === 'rejected' && d.reject_reason ? (
                  <p className={styles.reason}>{t('deposit.records.reason', { reason: d.reject_reason })}</p>
                ) : null}
                {d.proof_id ? <DepositProof proofId={d.proof_id} orderNo={d.order_no} /> : null}
              </span>
              <span className={styles.rowEnd}>
                <Money value={d.amount} currency={d.currency} className={layout.num} />
                <StatusBadge label={t(`review.${d.status}`)} tone={TONES[d.status]} />
              </span>
            </li>
          ))}
        </ul>
      </QueryView>
    </Card>
  );
}
