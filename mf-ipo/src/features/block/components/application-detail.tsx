import { Link } from 'react-router';
import { Card, Money } from 'shared/ui';
import { formatMoney } from 'shared/money';
import { DetailList, formatDateTime, layout, QueryView, type DetailItem } from 'shared/remote-kit';
import { NAMESPACE, useHost, useRemoteTranslation } from '#lib';
import type { BlockApplication } from '../api/get-block-applications';
import { useGetBlockApplicationQuery } from '../api/get-block-application';
import { listingPath } from '../model/variants';
import { ApplicationStatus } from './application-row';
import { lotsText } from './listing-row';
import styles from './block-trade.module.css';

/**
 * One application (`/home/large4?id=`): its review state (approved: placement_success), a rejection's reason, the
 * money it holds or became.
 */
export function ApplicationDetail({ id }: { id: number }) {
  const { t } = useRemoteTranslation();
  const lang = useHost().getSession().language;
  const query = useGetBlockApplicationQuery({ id, lang });
  const application = query.data;
  return (
    <QueryView
      ns={NAMESPACE}
      query={query}
      count={application ? 1 : 0}
      empty={{ title: t('blockApp.missing'), action: { label: t('blockApp.all'), to: '/home/large4' } }}
    >
      {application ? <ApplicationCard application={application} /> : null}
    </QueryView>
  );
}

function ApplicationCard({ application: a }: { application: BlockApplication }) {
  const { t, i18n } = useRemoteTranslation();
  const money = (value: string | null) => (value === null ? '—' : <Money value={value} currency={a.currency} />);
  const items: DetailItem[] = [
    { id: 'status', label: t('blockApp.field.status'), value: <ApplicationStatus status={a.status} /> },
    { id: 'orderNo', label: t('blockApp.field.orderNo'), value: a.order_no },
    { id: 'code', label: t('block.field.code'), value: `${a.code} · ${t(`block.market.${a.market}`)}` },
    { id: 'kind', label: t('block.field.kind'), value: t(`block.kind.${a.variant}`) },
    { id: 'lots', label: t('blockApp.field.lots'), value: lotsText(a.lots) },
    { id: 'shares', label: t('blockApp.field.shares'), value: formatMoney(a.shares, { decimals: 0 }) },
    { id: 'price', label: t('block.field.blockPrice'), value: money(a.block_price) },
    { id: 'amount', label: t('blockApp.field.amount'), value: money(a.amount) },
    { id: 'held', label: t('blockApp.field.held'), value: money(a.held) },
  ];
  if (a.variant === 'financing') {
    items.push(
      { id: 'financed', label: t('blockApp.field.financed'), value: money(a.financed_amount) },
      { id: 'fee', label: t('blockApp.field.fee'), value: money(a.financing_fee) },
      { id: 'leverage', label: t('block.field.leverage'), value: `${a.leverage}×` },
    );
  }
  if (a.variant === 'dividend') {
    items.push(
      { id: 'recordDate', label: t('block.field.recordDate'), value: a.record_date ?? '—' },
      { id: 'perShare', label: t('block.field.dividendPerShare'), value: money(a.dividend_per_share) },
      { id: 'paid', label: t('blockApp.field.dividendPaid'), value: money(a.dividend_paid) },
    );
  }
  items.push({
    id: 'sellable',
    label: t('blockApp.field.sellableFrom'),
    value:
      a.status === 'approved'
        ? (a.sellable_from ?? t('blockApp.sellableNow'))
        : a.status === 'pending'
          ? a.lockup_days > 0
            ? t('blockApp.sellableAfter', { count: a.lockup_days })
            : t('blockApp.sellableNow')
          : '—',
  });
  items.push(
    { id: 'created', label: t('blockApp.field.created'), value: formatDateTime(a.created_at, i18n.language) },
    { id: 'reviewed', label: t('blockApp.field.reviewed'), value: formatDateTime(a.reviewed_at, i18n.language) },
  );
  return (
    <Card className={layout.card} title={a.name}>
      <div className={layout.form}>
        {/* An approved application is a placed allotment: the spec's placement_success, as the inbox says it. */}
        {a.status === 'approved' ? (
          <p className={styles.placed} role="status">
            {t('msg:placement_success')}
          </p>
        ) : null}
        <p className={layout.note}>{t(`blockApp.explain.${a.status}`)}</p>
        {a.status === 'rejected' && a.reason ? (
          <p className={styles.reason}>{t('blockApp.reason', { reason: a.reason })}</p>
        ) : null}
        <DetailList items={items} />
        {a.status === 'approved' && a.position_id !== null ? (
          <Link className="ds-button ds-button--secondary" to="/position/index">
            {t('blockApp.positions')}
          </Link>
        ) : null}
        <Link className="ds-button ds-button--ghost" to={listingPath(a.listing_id)}>
          {t('blockApp.listing')}
        </Link>
      </div>
    </Card>
  );
}
