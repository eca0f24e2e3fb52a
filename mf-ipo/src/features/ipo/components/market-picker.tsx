import type { Market } from 'shared/mf';
import { SegmentedControl } from 'shared/ui';
import { useRemoteTranslation } from '#lib';
import styles from './new-share.module.css';

export const MARKETS: readonly Market[] = ['jpy', 'usd', 'cny'];

/** A market from the query string (`?market=`), else the session's. */
export const marketOf = (asked: string | null, fallback: Market): Market =>
  (MARKETS as readonly string[]).includes(asked ?? '') ? (asked as Market) : fallback;

/** The market whose issues and subscriptions are listed (Japan, US, China). */
export function MarketPicker({ value, onChange }: { value: Market; onChange: (market: Market) => void }) {
  const { t } = useRemoteTranslation();
  return (
    <div className={styles.market}>
      <SegmentedControl
        label={t('newShare.market')}
        value={value}
        onChange={onChange}
        options={MARKETS.map((m) => ({ value: m, label: t(`newShare.marketName.${m}`) }))}
      />
    </div>
  );
}
