import { EmptyState, PageFrame } from 'shared/ui';
import { useRemoteTranslation } from '#lib';

/** /mine/loanOrder: the user's loans. Their endpoint comes with the loan release. */
export function LoanOrdersScreen() {
  const { t } = useRemoteTranslation();
  return (
    <PageFrame title={t('loanOrders.title')}>
      <EmptyState title={t('loanOrders.empty')} hint={t('loanOrders.emptyHint')} action={{ label: t('loanOrders.apply'), to: '/mine/loan' }} />
    </PageFrame>
  );
}
