import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { QueryView } from 'shared/remote-kit';
import { Button, PageFrame } from 'shared/ui';
import { formatDateTime, useHost } from '#lib';
import { useGetMessagesQuery } from '../api/get-messages';
import styles from './messages.module.css';

export const PAGE_SIZE = 20;

/** One page of the inbox; the first page also carries the empty, loading and error states. */
function MessagePage({ page, onTotal }: { page: number; onTotal?: (total: number, unread: number) => void }) {
  const { t } = useTranslation('mf_account');
  const language = useHost().getSession().language;
  const query = useGetMessagesQuery({ page, size: PAGE_SIZE, lang: language }, { refetchOnMountOrArgChange: true });
  const list = query.data?.list ?? [];
  const total = query.data?.total;
  const unread = query.data?.unread;
  useEffect(() => {
    if (total !== undefined && unread !== undefined) onTotal?.(total, unread);
  }, [total, unread, onTotal]);
  return (
    <QueryView
      ns="mf_account"
      query={query}
      count={page === 1 ? list.length : 1}
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
    </QueryView>
  );
}

/** /mine/message: the inbox, 20 a page with "load more"; unread messages are marked (dot, bold, label). */
export function MessageListScreen() {
  const { t } = useTranslation('mf_account');
  const [pages, setPages] = useState(1);
  const [counts, setCounts] = useState<{ total: number; unread: number }>();
  const onTotal = (total: number, unread: number) =>
    setCounts((c) => (c?.total === total && c.unread === unread ? c : { total, unread }));
  const more = counts !== undefined && pages * PAGE_SIZE < counts.total;
  return (
    <PageFrame title={t('message.title')}>
      {counts && counts.total > 0 ? (
        <p className={styles.summary}>{t('message.summary', { total: counts.total, unread: counts.unread })}</p>
      ) : null}
      {Array.from({ length: pages }, (_, i) => (
        <MessagePage key={i + 1} page={i + 1} onTotal={i === 0 ? onTotal : undefined} />
      ))}
      {more ? (
        <div className={styles.more}>
          <Button variant="secondary" onClick={() => setPages((p) => p + 1)} block>
            {t('message.more')}
          </Button>
        </div>
      ) : null}
    </PageFrame>
  );
}
