import { Card, Money, StatusBadge, type StatusTone } from 'shared/ui';
import { MARKET_CURRENCY } from 'shared/money';
import { layout, QueryView } from 'shared/remote-kit';
import { NAMESPACE, useHost, useRemoteTranslation } from '#lib';
import { useGetWithdrawalsQuery } from '../api/get-withdrawals';
import { withdrawalState } from '../model/withdraw-rules';

const TONES: Record<ReturnType<typeof withdrawalState>, StatusTone> = {
  pending: 'pending',
  approved: 'success',
  rejected: 'danger',
  processed: 'neutral',
};

/** Recent withdrawals from /user/withdrawallist, newest as the server orders them. */
export function RecentWithdrawals() {
  const { t } = useRemoteTranslation();
  const market = useHost().getSession().market ?? 'jpy';
  const query = useGetWithdrawalsQuery(market);
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
            return (
              <li key={w.id} className={layout.row}>
                <span className={layout.rowMain}>
                  <span className={layout.rowSub}>{t('common.orderNumber', { id: w.id })}</span>
                  <StatusBadge label={t(`withdraw.state.${state}`)} tone={TONES[state]} />
                </span>
                <Money value={w.money} currency={MARKET_CURRENCY[market]} className={layout.num} />
              </li>
            );
          })}
        </ul>
      </QueryView>
    </Card>
  );
}
