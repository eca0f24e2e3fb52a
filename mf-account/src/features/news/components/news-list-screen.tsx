import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NextPage, QueryView, firstPage } from 'shared/remote-kit';
import { PageFrame } from 'shared/ui';
import { formatDateTime, useHost } from '#lib';
import { useGetNewsListInfiniteQuery } from '../api/get-news-list';
import styles from './news.module.css';

/**
 * /news/index: the news list in the session language (a bottom-menu tab, so no back button), 20 a
 * page with "load more" (an RTK Query infinite query). The first page carries the empty, loading and
 * error states; a page loaded by "load more" shows its own loading and error under the rows shown.
 */
export function NewsListScreen() {
  const { t } = useTranslation('mf_account');
  const language = useHost().getSession().language;
  const query = useGetNewsListInfiniteQuery(language);
  const list = (query.data?.pages ?? []).flatMap((page) => page.list);
  return (
    <PageFrame title={t('news.title')} back={false}>
      <QueryView
        ns="mf_account"
        query={firstPage(query)}
        count={list.length}
        empty={{
          title: t('news.emptyTitle'),
          hint: t('news.emptyHint'),
          action: { label: t('news.emptyAction'), to: '/quotes/search' },
        }}
      >
        <ul className={styles.list}>
          {list.map((item) => (
            <li key={item.id}>
              <Link className={styles.row} to={`/news/info?id=${item.id}`}>
                <span className={styles.title}>{item.title}</span>
                {item.summary ? <span className={styles.summary}>{item.summary}</span> : null}
                <time className={styles.time} dateTime={item.published_at}>
                  {formatDateTime(item.published_at, language)}
                </time>
              </Link>
            </li>
          ))}
        </ul>
        <NextPage ns="mf_account" query={query} moreLabel={t('news.more')} />
      </QueryView>
    </PageFrame>
  );
}
