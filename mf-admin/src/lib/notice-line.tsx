import { Link } from 'react-router';
import styles from './screen.module.css';

/** What the last action answered: a success or a refusal, with a way on (e.g. the four-eyes request it waits in). */
export interface Notice {
  tone: 'success' | 'danger';
  text: string;
  /** A way on from the message (a change waiting for a second administrator links to the approvals screen). */
  link?: { to: string; label: string };
}

/** The last action's message, as a status line in its tone, with its link when it has one. */
export function NoticeLine({ notice }: { notice: Notice }) {
  return (
    <p className={notice.tone === 'success' ? styles.noticeOk : styles.noticeError} role="status">
      {notice.text}
      {notice.link ? (
        <>
          {' '}
          <Link className={styles.noticeLink} to={notice.link.to}>
            {notice.link.label}
          </Link>
        </>
      ) : null}
    </p>
  );
}
