import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState, PageFrame, Skeleton } from 'shared/ui';
import { QueryView } from 'shared/remote-kit';
import { formatDateTime, useHost } from '#lib';
import { useGetMessageInfoQuery } from '../api/get-message-info';
import styles from './messages.module.css';

/** /mine/messageInfo?id=…: one message; reading it marks it read (the inbox and the unread count refresh). */
export function MessageDetailScreen() {
  const { t } = useTranslation('mf_account');
  const language = useHost().getSession().language;
  const [params] = useSearchParams();
  const raw = params.get('id');
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : undefined;
  const query = useGetMessageInfoQuery(
    { id: id ?? 0, lang: language },
    { skip: id === undefined, refetchOnMountOrArgChange: true },
  );
  const message = query.data;
  const back = { label: t('messageInfo.back'), to: '/mine/message' };
  return (
    <PageFrame title={t('messageInfo.title')}>
      {id === undefined ? (
        <EmptyState title={t('messageInfo.missingTitle')} action={back} />
      ) : (
        <QueryView
          ns="mf_account"
          query={query}
          count={message ? 1 : 0}
          empty={{ title: t('messageInfo.missingTitle'), action: back }}
        >
          {message ? (
            <article className={styles.article}>
              <h2 className={styles.articleTitle}>{message.title}</h2>
              <time className={styles.time} dateTime={message.created_at}>
                {formatDateTime(message.created_at, language)}
              </time>
              <p className={styles.articleBody}>{message.body}</p>
            </article>
          ) : (
            <Skeleton />
          )}
        </QueryView>
      )}
    </PageFrame>
  );
}
