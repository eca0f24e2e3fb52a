import { useState } from 'react';
import { EmptyState, PageFrame, Tabs, tabPanelId } from 'shared/ui';
import { useRemoteTranslation } from '#lib';
import { NEW_SHARE_TABS, type NewShareTab } from '../model/new-share-fields';
import { NewShareOrdersList } from './new-share-orders-list';

const PANELS = 'ipo-new-share';

/**
 * /home/newShare: to subscribe, subscribing, ended, subscription records, allotment records.
 * The issue catalogue arrives with the new-share release; subscription records are the user's
 * real orders.
 */
export function NewShareScreen() {
  const { t } = useRemoteTranslation();
  const [tab, setTab] = useState<NewShareTab>('toSubscribe');
  return (
    <PageFrame title={t('newShare.title')}>
      <Tabs
        items={NEW_SHARE_TABS.map((key) => ({ key, label: t(`newShare.tab.${key}`) }))}
        value={tab}
        onChange={setTab}
        label={t('newShare.tabs')}
        layout="scroll"
        idPrefix={PANELS}
      />
      <div role="tabpanel" id={tabPanelId(PANELS, tab)} aria-labelledby={`${PANELS}-tab-${tab}`}>
        {tab === 'records' ? (
          <NewShareOrdersList />
        ) : (
          <EmptyState
            title={t(`newShare.empty.${tab}`)}
            hint={t('newShare.empty.hint')}
            action={tab === 'allotments' ? { label: t('newShare.seeRecords'), to: '/mine/newShareOrder' } : undefined}
          />
        )}
      </div>
    </PageFrame>
  );
}
