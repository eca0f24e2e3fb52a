import type { DayTradeConfig, DayTradeCurrent } from 'shared/contract';
import { Card, EmptyState } from 'shared/ui';
import { layout, QueryView } from 'shared/remote-kit';
import { NAMESPACE, useHost, useRemoteTranslation } from '#lib';
import { useGetDayTradeCurrentQuery } from '../api/get-day-trade-current';
import { ApplicationCard } from './application-card';

/** How often today's figures (used, remaining, live P&L of the positions) are refreshed while the tab is shown. */
export const TODAY_POLL_MS = 5_000;

const APPLY_TAB = '/home/withinDays?tab=apply';

/**
 * The Today tab: per market, the application for its current trade date (status, participation, allowance, used,
 * remaining, the day's P&L) and, once approved, the day-trade order form and the day's orders and positions.
 */
export function TodayPanel({ config }: { config: DayTradeConfig | undefined }) {
  const { t } = useRemoteTranslation();
  const lang = useHost().getSession().language;
  const query = useGetDayTradeCurrentQuery(lang, {
    pollingInterval: TODAY_POLL_MS,
    skipPollingIfUnfocused: true,
    refetchOnMountOrArgChange: true,
  });
  const days: readonly DayTradeCurrent[] = query.data ?? [];
  const withApplication = days.filter((day) => day.application !== null);
  const withoutApplication = days.filter((day) => day.application === null && allowed(config, day.market));
  return (
    <QueryView
      ns={NAMESPACE}
      query={query}
      count={withApplication.length}
      empty={{
        title: t('day.today.empty'),
        hint: t('day.today.emptyHint'),
        action: { label: t('day.today.apply'), to: APPLY_TAB },
      }}
    >
      {withApplication.map((day) => (
        <ApplicationCard key={day.market} day={day} terms={config?.markets.find((m) => m.market === day.market)} />
      ))}
      {withoutApplication.map((day) => (
        <Card
          key={day.market}
          title={t('day.today.cardTitle', { market: t(`products.market.${day.market}`), date: day.trade_date })}
          className={layout.card}
        >
          <EmptyState
            title={t('day.today.none', { date: day.trade_date })}
            hint={t('day.today.noneHint')}
            action={{ label: t('day.today.apply'), to: APPLY_TAB }}
          />
        </Card>
      ))}
    </QueryView>
  );
}

function allowed(config: DayTradeConfig | undefined, market: string): boolean {
  return config?.markets.some((m) => m.market === market && m.allowed) ?? false;
}
