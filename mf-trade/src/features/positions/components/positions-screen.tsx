import { useState } from 'react';
import { Card, Money, PageFrame, SegmentedControl, StatRow, Tabs, tabPanelId } from 'shared/ui';
import { MARKET_CURRENCY } from 'shared/money';
import { useHost, useRemoteTranslation } from '#lib';
import { useGetHoldingsQuery } from '../api/get-holdings';
import { useGetHoldingsHistoryQuery } from '../api/get-holdings-history';
import { HoldingsPanel } from './holdings-panel';
import { OrdersPanel } from './orders-panel';
import styles from './positions-screen.module.css';

type Kind = 'holdings' | 'subscriptions' | 'copyTrade';
export type Phase = 'open' | 'ended';

const KINDS: readonly Kind[] = ['holdings', 'subscriptions', 'copyTrade'];
const PANELS = 'tr-positions';

/**
 * /position/index: positions by kind (holdings, new-share subscriptions, copy-trade), each in
 * progress or ended (spec §2), with the holdings value and P&L of the two holdings calls.
 */
export function PositionsScreen() {
  const { t } = useRemoteTranslation();
  const market = useHost().getSession().market ?? 'jpy';
  const currency = MARKET_CURRENCY[market];
  const [kind, setKind] = useState<Kind>('holdings');
  const [phase, setPhase] = useState<Phase>('open');
  const holdings = useGetHoldingsQuery(market);
  const history = useGetHoldingsHistoryQuery(market);

  return (
    <PageFrame title={t('positions.title')} back={false}>
      <Card title={t('positions.summary')} className={styles.summary} aria-busy={holdings.isLoading || history.isLoading}>
        <dl className={styles.stats}>
          <StatRow label={t('positions.marketValue')}>{holdings.data ? <Money value={holdings.data.ccsz} currency={currency} /> : '—'}</StatRow>
          <StatRow label={t('positions.floatingPnl')}>{holdings.data ? <Money value={holdings.data.fdyk} currency={currency} signed /> : '—'}</StatRow>
          <StatRow label={t('positions.realisedPnl')}>{history.data ? <Money value={history.data.lsyk} currency={currency} signed /> : '—'}</StatRow>
        </dl>
      </Card>
      <Tabs
        items={KINDS.map((key) => ({ key, label: t(`positions.kind.${key}`) }))}
        value={kind}
        onChange={setKind}
        label={t('positions.kinds')}
        idPrefix={PANELS}
      />
      <div role="tabpanel" id={tabPanelId(PANELS, kind)} aria-labelledby={`${PANELS}-tab-${kind}`}>
        <div className={styles.phase}>
          <SegmentedControl
            label={t('positions.phase')}
            value={phase}
            onChange={setPhase}
            options={[
              { value: 'open', label: t('positions.open') },
              { value: 'ended', label: t('positions.ended') },
            ]}
          />
        </div>
        {kind === 'holdings' ? (
          <HoldingsPanel phase={phase} open={holdings} closed={history} currency={currency} />
        ) : (
          <OrdersPanel kind={kind} phase={phase} market={market} currency={currency} />
        )}
      </div>
    </PageFrame>
  );
}
