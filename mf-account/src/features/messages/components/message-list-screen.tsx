import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NextPage, QueryView, firstPage } from 'shared/remote-kit';
import { PageFrame } from 'shared/ui';
import { formatDateTime, useHost } from '#lib';
import { useGetMessagesInfiniteQuery } from '../api/get-messages';
import styles from './messages.module.css';

/**
 * /mine/message: the inbox, 20 a page with "load more" (an RTK Query infinite query); unread messages
 * are marked (dot, bold, label). The first page carries the empty, loading and error states; a page
 * loaded by "load more" shows its own loading and error (with retry) under the rows already shown.
 */
export function MessageListScreen() {
  const { t } = useTranslation('mf_account');
  const language = useHost().getSession().language;
  const query = useGetMessagesInfiniteQuery(language, { refetchOnMountOrArgChange: true });
  const pages = query.data?.pages ?? [];
  const list = pages.flatMap((page) => page.list);
  const counts = pages[0];
  return (
    <PageFrame title={t('message.title')}>
      {counts && counts.total > 0 ? (
        <p className={styles.summary}>{t('message.summary', { total: counts.total, unread: counts.unread })}</p>
      ) : null}
      <QueryView
        ns="mf_account"
        query={firstPage(query)}
        count={list.length}
        empty={{
          title: t('message.emptyTitle'),
          hint: t('message.emptyHint'),
          action: { label: t('message.emptyAction'), to: '/mine/index' },
        }}
      >
        <ul className={styles.list}>
          {list.map((message) => (
            <li key={message.id}>
              <Link
                className={`${styles.row} ${message.read ? '' : styles.unread}`}
                to={`/mine/messageInfo?id=${message.id}`}
              >
                <span className={styles.dot} aria-hidden="true" />
                <span className={styles.main}>
                  <span className={styles.title}>
                    {message.read ? null : <span className={styles.unreadLabel}>{t('message.unread')}</span>}
                    {message.title}
                  </span>
                  <span className={styles.preview}>{message.body}</span>
                  <time className={styles.time} dateTime={message.created_at}>
                    {formatDateTime(message.created_at, language)}
                  </time>
                </span>
              </Link>
            </li>
          ))}
        </ul>
        <NextPage ns="mf_account" query={query} moreLabel={t('message.more')} />
      </QueryView>
    </PageFrame>
  );
}
