import { formatDateTime } from 'shared/remote-kit';
import { useRemoteTranslation } from '../../i18n';
import styles from './market-status-note.module.css';

export interface MarketStatusNoteProps {
  /** The quote's `status` (open | lunch | closed). */
  status: 'open' | 'lunch' | 'closed';
  /** ISO instant of the next session start. */
  nextOpen: string | null;
  /** Shown on the quotes screen: the market's name. */
  market?: string;
}

/** "Closed — opens at …" (in the user's time zone) while the market is not trading; nothing while open. */
export function MarketStatusNote({ status, nextOpen, market }: MarketStatusNoteProps) {
  const { t, i18n } = useRemoteTranslation();
  if (status === 'open') return null;
  const time = nextOpen ? formatDateTime(nextOpen, i18n.language) : '';
  const text = nextOpen ? t(`live.status.${status}Until`, { time }) : t(`live.status.${status}`);
  return (
    <p className={styles.note} role="status">
      <span className={styles.dot} aria-hidden="true" />
      {market ? <strong className={styles.market}>{market}</strong> : null}
      <span>{text}</span>
    </p>
  );
}
