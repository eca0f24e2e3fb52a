import { Link } from 'react-router';
import { PageFrame } from 'shared/ui';
import { useHost, useRemoteTranslation } from '#lib';
import { DashboardIcon, type DashboardIconName } from './dashboard-icons';
import styles from './dashboard-screen.module.css';

/** The home dashboard's entry tiles (spec §2 "Screens by function"), each a route of its owner. */
const ENTRIES = [
  { key: 'newShare', to: '/home/newShare' },
  { key: 'blockTrade', to: '/home/large' },
  { key: 'copyTrading', to: '/home/qcList' },
  { key: 'dayTrading', to: '/home/withinDays' },
  { key: 'deposit', to: '/mine/deposit' },
  { key: 'withdraw', to: '/mine/withdraw' },
  { key: 'exchange', to: '/mine/exchange' },
  { key: 'loan', to: '/mine/loan' },
] as const satisfies readonly { key: DashboardIconName; to: string }[];

/** /home/index: entry tiles, the side-panel button, and the index and top-mover sections. */
export function DashboardScreen() {
  const { t } = useRemoteTranslation();
  const host = useHost();
  return (
    <PageFrame
      title={t('dashboard.title')}
      back={false}
      actions={
        <button type="button" className={styles.avatar} aria-label={t('dashboard.openPanel')} onClick={() => host.openPanel()}>
          <DashboardIcon name="user" />
        </button>
      }
    >
      <nav aria-label={t('dashboard.entries')}>
        <ul className={styles.tiles}>
          {ENTRIES.map((entry) => (
            <li key={entry.key}>
              <Link className={styles.tile} to={entry.to}>
                <span className={styles.glyph} aria-hidden="true">
                  <DashboardIcon name={entry.key} />
                </span>
                <span className={styles.label}>{t(`dashboard.entry.${entry.key}`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section className={styles.section} aria-labelledby="tr-dashboard-indices">
        <h2 id="tr-dashboard-indices" className={styles.heading}>{t('dashboard.indices')}</h2>
        <p className={styles.note} role="note">{t('dashboard.marketDataPending')}</p>
      </section>
      <section className={styles.section} aria-labelledby="tr-dashboard-movers">
        <div className={styles.headingRow}>
          <h2 id="tr-dashboard-movers" className={styles.heading}>{t('dashboard.topMovers')}</h2>
          <Link className={styles.more} to="/home/home">{t('dashboard.allQuotes')}</Link>
        </div>
        <p className={styles.note} role="note">{t('dashboard.marketDataPending')}</p>
      </section>
    </PageFrame>
  );
}
