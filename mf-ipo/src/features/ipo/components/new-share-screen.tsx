import { useSearchParams } from 'react-router';
import type { Market } from 'shared/mf';
import { PageFrame, Tabs, tabPanelId } from 'shared/ui';
import { useHost, useRemoteTranslation } from '#lib';
import { isIssueTab, NEW_SHARE_TABS, type NewShareTab } from '../model/new-share-fields';
import { IssueList } from './issue-list';
import { MarketPicker, marketOf } from './market-picker';
import { SubscriptionList } from './subscription-list';

const PANELS = 'ipo-new-share';

/**
 * /home/newShare: the issues of a market to subscribe, subscribing and ended (from the clock, never typed),
 * then the user's subscription records and allotment records (spec §2). Tab and market stay in the URL.
 */
export function NewShareScreen() {
  const { t } = useRemoteTranslation();
  const [params, setParams] = useSearchParams();
  const market = marketOf(params.get('market'), useHost().getSession().market ?? 'jpy');
  const asked = params.get('tab') as NewShareTab | null;
  const tab: NewShareTab = asked && (NEW_SHARE_TABS as readonly string[]).includes(asked) ? asked : 'toSubscribe';
  const setParam = (name: string, value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set(name, value);
        return next;
      },
      { replace: true },
    );
  return (
    <PageFrame title={t('newShare.title')}>
      <MarketPicker value={market} onChange={(m: Market) => setParam('market', m)} />
      <Tabs
        items={NEW_SHARE_TABS.map((key) => ({ key, label: t(`newShare.tab.${key}`) }))}
        value={tab}
        onChange={(key: NewShareTab) => setParam('tab', key)}
        label={t('newShare.tabs')}
        layout="scroll"
        idPrefix={PANELS}
      />
      <div role="tabpanel" id={tabPanelId(PANELS, tab)} aria-labelledby={`${PANELS}-tab-${tab}`}>
        {isIssueTab(tab) ? (
          <IssueList key={`${market}-${tab}`} market={market} tab={tab} />
        ) : (
          <SubscriptionList key={`${market}-${tab}`} market={market} tab={tab} />
        )}
      </div>
    </PageFrame>
  );
}
