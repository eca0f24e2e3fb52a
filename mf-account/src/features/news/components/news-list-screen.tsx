import { useTranslation } from 'react-i18next';
import { EmptyState, PageFrame } from 'shared/ui';

/** /news/index: the news list (a bottom-menu tab, so no back button). The feed endpoint comes next issue. */
export function NewsListScreen() {
  const { t } = useTranslation('mf_account');
  return (
    <PageFrame title={t('news.title')} back={false}>
      <EmptyState title={t('news.emptyTitle')} hint={t('news.emptyHint')} action={{ label: t('news.emptyAction'), to: '/home/home' }} />
    </PageFrame>
  );
}
