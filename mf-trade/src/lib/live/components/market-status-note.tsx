import { formatMarketTime, type MarketCode } from 'shared/remote-kit';
import { useRemoteTranslation } from '../../i18n';
import styles from './market-status-note.module.css';

export interface MarketStatusNoteProps {
  /** The quote's `status` (open | lunch | closed). */
  status: 'open' | 'lunch' | 'closed';
  /** ISO instant of the next session start. */
  nextOpen: string | null;
  /** The quote's market: its clock names the time ("12:30 JST · 03:30 your time"). */
  clock: MarketCode;
  /** Shown on the quotes screen: the market's name. */
  market?: string;
}

/**
 * "Closed — opens at …" while the market is not trading; nothing while open. The time is the market's, naming its
 * zone, with the device's time when the device's clock reads differently.
 */
export function MarketStatusNote({ status, nextOpen, clock, market }: MarketStatusNoteProps) {
  const { t, i18n } = useRemoteTranslation();
  if (status === 'open') return null;
  const time = nextOpen ? formatMarketTime(nextOpen, clock, i18n.language) : '';
  const text = nextOpen ? t(`live.status.${status}Until`, { time }) : t(`live.status.${status}`);
  return (
    <p className={styles.note} role="status">
      <span className={styles.dot} aria-hidden="true" />
      {market ? <strong className={styles.market}>{market}</strong> : null}
      <span>{text}</span>
    </p>
  );
}
