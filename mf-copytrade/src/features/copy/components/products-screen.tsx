import { Link } from 'react-router';
import type { CopyProduct } from 'shared/contract';
import { Facts, Money, PageFrame, PriceChange, StatusBadge } from 'shared/ui';
import { firstPage, formatMarketTime, layout, NextPage, QueryView } from 'shared/remote-kit';
import { NAMESPACE, useHost, useRemoteTranslation } from '#lib';
import { useGetCopyProductsInfiniteQuery } from '../api/get-products';
import { PRODUCT_TONES } from '../model/product-fields';
import { PastPeriod } from './past-period';
import listCard from 'shared/ui/list-card.module.css';
import styles from './products.module.css';

/**
 * /home/qcList: the copy-trading products of the session's market, each a model portfolio over listed names whose
 * value comes from the market data: name, issuer, past return (labelled as past, with its period), minimum,
 * lock-up, follow deadline and capacity left. "Load more" paged; each row opens the product.
 */
export function ProductsScreen() {
  const { t } = useRemoteTranslation();
  const session = useHost().getSession();
  const market = session.market ?? 'jpy';
  const query = useGetCopyProductsInfiniteQuery(
    { market, lang: session.language },
    { refetchOnMountOrArgChange: true },
  );
  const pages = query.data?.pages ?? [];
  const products = pages.flatMap((page) => page.list);
  const total = pages.at(-1)?.total ?? 0;
  return (
    <PageFrame
      title={t('products.title')}
      actions={
        <Link className="ds-button ds-button--ghost" to="/mine/followOrder">
          {t('products.myOrders')}
        </Link>
      }
    >
      <p className={layout.purpose}>{t('products.disclosure')}</p>
      <QueryView
        ns={NAMESPACE}
        query={firstPage(query)}
        count={products.length}
        empty={{
          title: t('products.empty'),
          hint: t('products.emptyHint'),
          action: { label: t('products.myOrders'), to: '/mine/followOrder' },
        }}
      >
        <ul className={layout.list} aria-label={t('products.listLabel')}>
          {products.map((product) => (
            <ProductRow key={product.id} product={product} />
          ))}
        </ul>
        <NextPage
          ns={NAMESPACE}
          query={query}
          moreLabel={t('products.loadMore')}
          status={t('products.shown', { shown: products.length, total })}
        />
      </QueryView>
    </PageFrame>
  );
}

/** One product: name and state, issuer, past return with its period, minimum, lock-up, deadline, capacity left. */
function ProductRow({ product }: { product: CopyProduct }) {
  const { t, i18n } = useRemoteTranslation();
  return (
    <li>
      <Link className={`${listCard.card} ${styles.product}`} to={`/home/follow?id=${product.id}`}>
        <span className={listCard.head}>
          <span className={listCard.name}>{product.product_name}</span>
          <StatusBadge label={t(`products.state.${product.state}`)} tone={PRODUCT_TONES[product.state]} />
        </span>
        <span className={listCard.sub}>{t('products.issuer', { issuer: product.issuer })}</span>
        <Facts
          items={[
            {
              label: t('products.pastReturn', { days: product.past_return_days }),
              value: (
                <>
                  <PriceChange value={product.past_return} percent />{' '}
                  <span className={listCard.sub}>
                    <PastPeriod from={product.past_return_from} to={product.nav_date} />
                  </span>
                </>
              ),
              wide: true,
            },
            {
              label: t('products.field.minimum'),
              value: <Money value={product.min_investment} currency={product.currency} />,
            },
            { label: t('products.field.lockDays'), value: t('products.field.days', { days: product.lockup_days }) },
            {
              label: t('products.field.deadline'),
              value: formatMarketTime(product.deadline, product.market, i18n.language),
            },
            {
              label: t('products.field.capacityLeft'),
              value: <Money value={product.capacity_left} currency={product.currency} />,
            },
          ]}
        />
      </Link>
    </li>
  );
}
