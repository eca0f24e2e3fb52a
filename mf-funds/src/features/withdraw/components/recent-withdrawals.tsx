import { Card, Money, StatusBadge, type StatusTone } from 'shared/ui';
import { MARKET_CURRENCY } from 'shared/money';
import type { Market } from 'shared/mf';
import { layout, QueryView } from 'shared/remote-kit';
import { NAMESPACE, formatLocalTime, useRemoteTranslation } from '#lib';
import { useGetWithdrawalsQuery } from '../api/get-withdrawals';
import { withdrawalState } from '../model/withdraw-rules';
import styles from './withdraw.module.css';

const TONES: Record<ReturnType<typeof withdrawalState>, StatusTone> = {
  pending: 'pending',
  approved: 'success',
  rejected: 'danger',
  processed: 'neutral',
};

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/** Recent withdrawals of a market's currency from /user/withdrawallist, newest as the server orders them. */
export function RecentWithdrawals({ market }: { market: Market }) {
  const { t, i18n } = useRemoteTranslation();
  const query = useGetWithdrawalsQuery(market, { refetchOnMountOrArgChange: true });
  const rows = query.data ?? [];
  return (
    <Card title={t('withdraw.recent.title')} className={layout.card}>
      <QueryView
        ns={NAMESPACE}
        query={query}
        count={rows.length}
        empty={{
          title: t('withdraw.recent.empty'),
          hint: t('withdraw.recent.emptyHint'),
          action: { label: t('withdraw.recent.records'), to: '/mine/transactionRecords' },
        }}
      >
        <ul className={layout.list} aria-label={t('withdraw.recent.title')}>
          {rows.map((w) => {
            const state = withdrawalState(w.status);
            const reason = text(w.reject_reason);
            const bank = [text(w.bank_name), text(w.card_number)].filter(Boolean).join(' ');
            return (
              <li key={w.id} className={layout.row}>
                <span className={`${layout.rowMain} ${styles.main}`}>
                  <span className={layout.rowTitle}>{text(w.order_no) ?? t('common.orderNumber', { id: w.id })}</span>
                  {bank ? <span className={layout.rowSub}>{bank}</span> : null}
                  {text(w.created_at) ? (
                    <span className={layout.rowSub}>{formatLocalTime(text(w.created_at), i18n.language)}</span>
                  ) : null}
                  {state === 'rejected' && reason ? (
                    <span className={styles.reason}>{t('withdraw.recent.reason', { reason })}</span>
                  ) : null}
                </span>
                <span className={styles.rowEnd}>
                  <Money
                    value={w.money}
                    currency={text(w.currency) ?? MARKET_CURRENCY[market]}
                    className={layout.num}
                  />
                  <StatusBadge label={t(`withdraw.state.${state}`)} tone={TONES[state]} />
                </span>
              </li>
            );
          })}
        </ul>
      </QueryView>
    </Card>
  );
}
