import { useState } from 'react';
import { Link } from 'react-router';
import { PageFrame, Tabs, tabPanelId } from 'shared/ui';
import { layout } from 'shared/remote-kit';
import { useRemoteTranslation } from '#lib';
import { BLOCK_TABS, type BlockTab } from '../model/variants';
import { ApplicationList } from './application-list';
import { ListingList, useListingsSimulated } from './listing-list';

const PANELS = 'ipo-block';
/** The other block-trade screens: the variants' overview, each variant's listings, their applications. */
const VARIANT_LINKS = [
  { to: '/home/largeQc', key: 'overview' },
  { to: '/home/large2', key: 'dividend' },
  { to: '/home/large3', key: 'financing' },
  { to: '/home/large4', key: 'applications' },
] as const;

/** /home/large: block trades, tabs stocks and application list (spec §2), and the way to the variants. */
export function BlockTradeScreen() {
  const { t } = useRemoteTranslation();
  const [tab, setTab] = useState<BlockTab>('stocks');
  const simulated = useListingsSimulated('standard');
  return (
    <PageFrame title={t('block.title')} simulated={simulated}>
      <p className={layout.purpose}>{t('block.purpose')}</p>
      <Tabs
        items={BLOCK_TABS.map((key) => ({ key, label: t(`block.tab.${key}`) }))}
        value={tab}
        onChange={setTab}
        label={t('block.tabs')}
        idPrefix={PANELS}
      />
      <div role="tabpanel" id={tabPanelId(PANELS, tab)} aria-labelledby={`${PANELS}-tab-${tab}`}>
        {tab === 'stocks' ? <ListingList kind="standard" /> : <ApplicationList kind="standard" />}
      </div>
      <nav aria-label={t('block.variants')}>
        <ul className={layout.list}>
          {VARIANT_LINKS.map((v) => (
            <li key={v.key}>
              <Link className={layout.row} to={v.to}>
                <span className={layout.rowMain}>
                  <span className={layout.rowTitle}>{t(`variant.${v.key}.title`)}</span>
                  <span className={layout.rowSub}>{t(`variant.${v.key}.purpose`)}</span>
                </span>
                <span aria-hidden="true">›</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </PageFrame>
  );
}
