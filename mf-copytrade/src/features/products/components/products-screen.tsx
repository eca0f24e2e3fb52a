import { Link } from 'react-router';
import { EmptyState, PageFrame } from 'shared/ui';
import { layout } from 'shared/remote-kit';
import { useRemoteTranslation } from '#lib';

/**
 * /home/qcList: quant / ETF copy-trading products (product name, issuer, lock days, minimum
 * investment, deadline). Products are model portfolios over listed names; the catalogue opens
 * in a later release.
 */
export function ProductsScreen() {
  const { t } = useRemoteTranslation();
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
      <div className={layout.columns} aria-hidden="true">
        <span>{t('products.column.name')}</span>
        <span>{t('products.column.lockDays')}</span>
        <span>{t('products.column.minimum')}</span>
        <span>{t('products.column.deadline')}</span>
      </div>
      <EmptyState
        title={t('products.empty')}
        hint={t('products.emptyHint')}
        action={{ label: t('products.myOrders'), to: '/mine/followOrder' }}
      />
    </PageFrame>
  );
}
