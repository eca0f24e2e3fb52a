import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { QueryView } from 'shared/remote-kit';
import { Button, PageFrame } from 'shared/ui';
import { formatDateTime, useHost } from '#lib';
import { useGetNewsListQuery } from '../api/get-news-list';
import styles from './news.module.css';

const PAGE_SIZE = 20;

function NewsPage({ page, onTotal }: { page: number; onTotal?: (total: number) => void }) {
  const { t } = useTranslation('mf_account');
  const language = useHost().getSession().language;
  const query = useGetNewsListQuery({ page, size: PAGE_SIZE, lang: language });
  const list = query.data?.list ?? [];
  const total = query.data?.total;
  useEffect(() => {
    if (total !== undefined) onTotal?.(total);
  }, [total, onTotal]);
  return (
    <QueryView
      ns="mf_account"
      query={query}
      count={page === 1 ? list.length : 1}
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
    </QueryView>
  );
}

/** /news/index: the news list in the session language (a bottom-menu tab, so no back button), 20 a page. */
export function NewsListScreen() {
  const { t } = useTranslation('mf_account');
  const [pages, setPages] = useState(1);
  const [total, setTotal] = useState<number>();
  const more = total !== undefined && pages * PAGE_SIZE < total;
  return (
    <PageFrame title={t('news.title')} back={false}>
      {Array.from({ length: pages }, (_, i) => (
        <NewsPage key={i + 1} page={i + 1} onTotal={i === 0 ? setTotal : undefined} />
      ))}
      {more ? (
        <div className={styles.more}>
          <Button variant="secondary" onClick={() => setPages((p) => p + 1)} block>
            {t('news.more')}
          </Button>
        </div>
      ) : null}
    </PageFrame>
  );
}
