import type { DayTradeConfig } from 'shared/contract';
import { Money } from 'shared/ui';
import { DetailList, formatMarketHours, MARKET_ZONES } from 'shared/remote-kit';
import { useRemoteTranslation } from '#lib';
import styles from './day-trading.module.css';

export interface MarketTermsProps {
  terms: DayTradeConfig['markets'][number];
  multiple: string;
}

/** A market's day-trading terms: the trade date an application is for, its session, minimum, balance, multiple. */
export function MarketTerms({ terms, multiple }: MarketTermsProps) {
  const { t, i18n } = useRemoteTranslation();
  const clock = (instant: string) => clockOf(instant, MARKET_ZONES[terms.market]);
  const hours = `${clock(terms.session_opens)}-${clock(terms.session_closes)}`;
  return (
    <DetailList
      className={styles.figures}
      items={[
        { id: 'trade_date', label: t('day.apply.tradeDate'), value: terms.trade_date },
        {
          id: 'session',
          label: t('day.apply.session'),
          value: formatMarketHours(hours, terms.market, i18n.language),
        },
        {
          id: 'min',
          label: t('day.apply.minimum'),
          value: <Money value={terms.min_participation} currency={terms.currency} />,
        },
        {
          id: 'available',
          label: t('day.apply.available'),
          value: <Money value={terms.available} currency={terms.currency} />,
        },
        { id: 'multiple', label: t('day.apply.multiple'), value: t('day.apply.multipleValue', { multiple }) },
      ]}
    />
  );
}

/** The market's clock ("09:00") at an instant. */
function clockOf(instant: string, zone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(instant));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${part('hour')}:${part('minute')}`;
}
