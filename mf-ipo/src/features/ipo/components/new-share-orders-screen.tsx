import { useSearchParams } from 'react-router';
import type { Market } from 'shared/mf';
import { PageFrame, SegmentedControl } from 'shared/ui';
import { useHost, useRemoteTranslation } from '#lib';
import type { RecordsTab } from '../model/new-share-fields';
import { MarketPicker, marketOf } from './market-picker';
import { SubscriptionList } from './subscription-list';
import styles from './new-share.module.css';

const TABS: readonly RecordsTab[] = ['records', 'allotments'];

/** /mine/newShareOrder: the user's new-share subscriptions and allotments of a market, with their states. */
export function NewShareOrdersScreen() {
  const { t } = useRemoteTranslation();
  const [params, setParams] = useSearchParams();
  const market = marketOf(params.get('market'), useHost().getSession().market ?? 'jpy');
  const tab: RecordsTab = params.get('tab') === 'allotments' ? 'allotments' : 'records';
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
    <PageFrame title={t('orders.title')}>
      <MarketPicker value={market} onChange={(m: Market) => setParam('market', m)} />
      <div className={styles.market}>
        <SegmentedControl
          label={t('orders.kind')}
          value={tab}
          onChange={(next: RecordsTab) => setParam('tab', next)}
          options={TABS.map((value) => ({ value, label: t(`newShare.tab.${value}`) }))}
        />
      </div>
      <SubscriptionList key={`${market}-${tab}`} market={market} tab={tab} />
    </PageFrame>
  );
}
