import { useSearchParams } from 'react-router';
import { PageFrame, Tabs, tabPanelId } from 'shared/ui';
import { useHost, useRemoteTranslation } from '#lib';
import { useGetDayTradeConfigQuery } from '../api/get-day-trade-config';
import { ApplyPanel } from './apply-panel';
import { RecordsPanel } from './records-panel';
import { TodayPanel } from './today-panel';

const TABS = ['apply', 'today', 'records'] as const;
type Tab = (typeof TABS)[number];
const PANELS = 'ct-day';

const isTab = (value: string | null): value is Tab => TABS.includes(value as Tab);

/**
 * /home/withinDays (spec §2 "Day trading: order submission and trade details"): Apply (a participation amount for
 * one market's trading day, the allowance it gives), Today (each market's application, the day-trade order form
 * and the day's positions with live P&L, closed at market at the session's close) and Records (settled P&L).
 * The tab is in the address (`?tab=today`) so a refusal or an empty state can point at another one.
 */
export function DayTradingScreen() {
  const { t } = useRemoteTranslation();
  const lang = useHost().getSession().language;
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: Tab = isTab(asked) ? asked : 'apply';
  const config = useGetDayTradeConfigQuery(lang, { refetchOnMountOrArgChange: true });
  return (
    <PageFrame title={t('day.title')} simulated={tab === 'today' && config.data?.simulated}>
      <Tabs
        items={TABS.map((key) => ({ key, label: t(`day.tab.${key}`) }))}
        value={tab}
        onChange={(next) => setParams({ tab: next }, { replace: true })}
        label={t('day.tabs')}
        idPrefix={PANELS}
      />
      <div role="tabpanel" id={tabPanelId(PANELS, tab)} aria-labelledby={`${PANELS}-tab-${tab}`}>
        {tab === 'apply' ? <ApplyPanel config={config} /> : null}
        {tab === 'today' ? <TodayPanel config={config.data} /> : null}
        {tab === 'records' ? <RecordsPanel /> : null}
      </div>
    </PageFrame>
  );
}
