import { useTranslation } from 'react-i18next';
import { EmptyState, PageFrame } from 'shared/ui';

/** /news/info?id=…: one article. Shows an honest "not available yet" until the news endpoint exists. */
export function NewsDetailScreen() {
  const { t } = useTranslation('mf_account');
  return (
    <PageFrame title={t('newsInfo.title')}>
      <EmptyState title={t('newsInfo.unavailableTitle')} hint={t('newsInfo.unavailableHint')} action={{ label: t('newsInfo.back'), to: '/news/index' }} />
    </PageFrame>
  );
}
