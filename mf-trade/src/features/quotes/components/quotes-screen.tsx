import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState, PageFrame, Tabs, tabPanelId } from 'shared/ui';
import type { Market } from 'shared/mf';
import { useHost, useRemoteTranslation } from '#lib';
import { MARKET_TABS, initialMarket } from '../model/markets';
import styles from './quotes-screen.module.css';

const PANELS = 'tr-quotes';

/** /home/home: quotes by market (Japan, US, China); the chosen market is stored in the session. */
export function QuotesScreen() {
  const { t } = useRemoteTranslation();
  const host = useHost();
  const [market, setMarket] = useState<Market>(() => initialMarket(host.getSession().market));

  const choose = (next: Market) => {
    setMarket(next);
    host.setSession({ market: next });
  };

  return (
    <PageFrame
      title={t('quotes.title')}
      back={false}
      actions={
        <>
          <Link className={styles.action} to="/quotes/search" aria-label={t('quotes.search')}>
            <span aria-hidden="true">⌕</span>
          </Link>
          <Link className={styles.action} to="/quotes/self" aria-label={t('quotes.watchlist')}>
            <span aria-hidden="true">☆</span>
          </Link>
        </>
      }
    >
      <Tabs
        items={MARKET_TABS.map((key) => ({ key, label: t(`market.${key}`) }))}
        value={market}
        onChange={choose}
        label={t('quotes.markets')}
        idPrefix={PANELS}
      />
      <div role="tabpanel" id={tabPanelId(PANELS, market)} aria-labelledby={`${PANELS}-tab-${market}`}>
        <div className={styles.header} aria-hidden="true">
          <span>{t('quotes.column.name')}</span>
          <span className={styles.num}>{t('quotes.column.price')}</span>
          <span className={styles.num}>{t('quotes.column.change')}</span>
        </div>
        <EmptyState
          title={t('quotes.empty.title')}
          hint={t('quotes.empty.hint', { market: t(`market.${market}`) })}
          action={{ label: t('quotes.empty.action'), to: '/quotes/search' }}
        />
      </div>
    </PageFrame>
  );
}
