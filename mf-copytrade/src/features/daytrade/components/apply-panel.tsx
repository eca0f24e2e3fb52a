import type { DayTradeConfig } from 'shared/contract';
import type { Market } from 'shared/mf';
import { EmptyState } from 'shared/ui';
import { layout, QueryView } from 'shared/remote-kit';
import { NAMESPACE, useHost, useRemoteTranslation } from '#lib';
import { ApplyForm } from './apply-form';

export interface ApplyPanelProps {
  config: { data?: DayTradeConfig; isLoading: boolean; isError: boolean; refetch: () => unknown };
}

/** The Apply tab: the application form once /daytrade/config is known (loading and failure designed). */
export function ApplyPanel({ config }: ApplyPanelProps) {
  const { t } = useRemoteTranslation();
  const session = useHost().getSession().market ?? 'jpy';
  const data = config.data;
  const open = data?.markets.filter((m) => m.allowed) ?? [];
  const initial: Market | undefined = open.find((m) => m.market === session)?.market ?? open[0]?.market;
  return (
    <QueryView
      ns={NAMESPACE}
      query={config}
      count={data ? 1 : 0}
      empty={{ title: t('day.apply.unavailable'), hint: t('day.apply.unavailableHint') }}
    >
      {data && initial ? (
        <>
          <p className={layout.purpose}>{t('day.purpose')}</p>
          <ApplyForm config={data} initialMarket={initial} />
        </>
      ) : (
        <EmptyState title={t('day.apply.noMarket')} hint={t('day.apply.noMarketHint')} />
      )}
    </QueryView>
  );
}
