import { useTranslation } from 'react-i18next';
import { EmptyState, PageFrame } from 'shared/ui';

/**
 * /mine/message: the inbox. Its list endpoint comes with the next issue; until then the screen says
 * plainly that the inbox is not connected (no invented messages).
 */
export function MessageListScreen() {
  const { t } = useTranslation('mf_account');
  return (
    <PageFrame title={t('message.title')}>
      <EmptyState title={t('message.emptyTitle')} hint={t('message.emptyHint')} action={{ label: t('message.emptyAction'), to: '/mine/index' }} />
    </PageFrame>
  );
}
