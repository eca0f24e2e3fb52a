import { PageFrame } from 'shared/ui';
import { useRemoteTranslation } from '#lib';
import { NewShareOrdersList } from './new-share-orders-list';

/** /mine/newShareOrder: the user's new-share subscriptions. */
export function NewShareOrdersScreen() {
  const { t } = useRemoteTranslation();
  return (
    <PageFrame title={t('orders.title')}>
      <NewShareOrdersList />
    </PageFrame>
  );
}
