import { useTranslation } from 'react-i18next';
import { EmptyState, PageFrame } from 'shared/ui';

/** /mine/messageInfo?id=…: one message. Shows an honest "not available yet" until the inbox endpoint exists. */
export function MessageDetailScreen() {
  const { t } = useTranslation('mf_account');
  return (
    <PageFrame title={t('messageInfo.title')}>
      <EmptyState
        title={t('messageInfo.unavailableTitle')}
        hint={t('messageInfo.unavailableHint')}
        action={{ label: t('messageInfo.back'), to: '/mine/message' }}
      />
    </PageFrame>
  );
}
