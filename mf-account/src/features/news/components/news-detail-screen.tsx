import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState, PageFrame } from 'shared/ui';
import { QueryView } from 'shared/remote-kit';
import { formatDateTime, useHost } from '#lib';
import { useGetNewsInfoQuery } from '../api/get-news-info';
import styles from './news.module.css';

/** /news/info?id=…: one article in the session language. */
export function NewsDetailScreen() {
  const { t } = useTranslation('mf_account');
  const language = useHost().getSession().language;
  const [params] = useSearchParams();
  const raw = params.get('id');
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : undefined;
  const query = useGetNewsInfoQuery({ id: id ?? 0, lang: language }, { skip: id === undefined });
  const item = query.data;
  const back = { label: t('newsInfo.back'), to: '/news/index' };
  return (
    <PageFrame title={t('newsInfo.title')}>
      {id === undefined ? (
        <EmptyState title={t('newsInfo.missingTitle')} action={back} />
      ) : (
        <QueryView
          ns="mf_account"
          query={query}
          count={item ? 1 : 0}
          empty={{ title: t('newsInfo.missingTitle'), action: back }}
        >
          {item ? (
            <article className={styles.article}>
              <h2 className={styles.articleTitle}>{item.title}</h2>
              <time className={styles.time} dateTime={item.published_at}>
                {formatDateTime(item.published_at, language)}
              </time>
              {item.summary ? <p className={styles.lead}>{item.summary}</p> : null}
              <p className={styles.articleBody}>{item.body}</p>
            </article>
          ) : null}
        </QueryView>
      )}
    </PageFrame>
  );
}
