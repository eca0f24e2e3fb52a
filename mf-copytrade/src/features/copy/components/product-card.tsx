import type { CopyProduct } from 'shared/contract';
import { Card, Money, PriceChange, StatusBadge } from 'shared/ui';
import { DetailList, formatMarketTime, layout } from 'shared/remote-kit';
import { useRemoteTranslation } from '#lib';
import { navText, PRODUCT_TONES } from '../model/product-fields';
import { PastPeriod } from './past-period';

/**
 * Every fact of a product: issuer, strategy, market, current unit value and its day, the past return labelled as
 * past with its period, minimum, lock-up, follow deadline (market clock), capacity and what is left of it.
 */
export function ProductCard({ product }: { product: CopyProduct }) {
  const { t, i18n } = useRemoteTranslation();
  const money = (value: string) => <Money value={value} currency={product.currency} />;
  const items = [
    { id: 'issuer', label: t('products.field.issuer'), value: product.issuer },
    { id: 'strategy', label: t('products.field.strategy'), value: product.strategy },
    { id: 'market', label: t('products.field.market'), value: t(`products.market.${product.market}`) },
    {
      id: 'nav',
      label: t('products.field.nav'),
      value: t('detail.navOn', { nav: navText(product.nav), date: product.nav_date }),
    },
    {
      id: 'pastReturn',
      label: t('products.pastReturn', { days: product.past_return_days }),
      value: (
        <>
          <PriceChange value={product.past_return} percent />{' '}
          <PastPeriod from={product.past_return_from} to={product.nav_date} />
        </>
      ),
    },
    { id: 'minimum', label: t('products.field.minimum'), value: money(product.min_investment) },
    {
      id: 'lockDays',
      label: t('products.field.lockDays'),
      value: t('products.field.days', { days: product.lockup_days }),
    },
    {
      id: 'deadline',
      label: t('products.field.deadline'),
      value: formatMarketTime(product.deadline, product.market, i18n.language),
    },
    { id: 'capacity', label: t('products.field.capacity'), value: money(product.capacity) },
    { id: 'capacityLeft', label: t('products.field.capacityLeft'), value: money(product.capacity_left) },
    { id: 'baseDate', label: t('products.field.baseDate'), value: product.base_date },
  ];
  return (
    <Card
      title={product.product_name}
      extra={<StatusBadge label={t(`products.state.${product.state}`)} tone={PRODUCT_TONES[product.state]} />}
      className={layout.card}
    >
      <DetailList items={items} />
      <p className={layout.note} role="note">
        {t('detail.honest')}
      </p>
    </Card>
  );
}
