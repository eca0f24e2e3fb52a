import { memo } from 'react';
import type { Candle } from 'shared/contract';
import { useRemoteTranslation } from '#lib';
import { kdj, macd, rsi } from '../model/indicators';
import type { SubChart } from '../model/periods';
import styles from './stock-chart.module.css';

const fmt = (v: number | null | undefined) =>
  v === null || v === undefined || !Number.isFinite(v) ? '—' : v.toFixed(2);

/**
 * The sub chart's latest values as text (the chart is an image to screen readers); recomputed only
 * when the price moves.
 */
export const IndicatorSummary = memo(function IndicatorSummary({
  candles,
  sub,
  price,
}: {
  candles: Candle[];
  sub: SubChart;
  price: string | undefined;
}) {
  const { t } = useRemoteTranslation();
  const closes = candles.map((c) => +c.close);
  if (price !== undefined && closes.length > 0) closes[closes.length - 1] = +price;
  let items: [string, string][];
  if (sub === 'macd') {
    const last = macd(closes).at(-1);
    items = [
      ['MACD', fmt(last?.macd)],
      [t('detail.signal'), fmt(last?.signal)],
      [t('detail.histogram'), fmt(last?.histogram)],
    ];
  } else if (sub === 'kdj') {
    const bars = candles.map((c, i) => ({ high: +c.high, low: +c.low, close: closes[i]! }));
    const last = kdj(bars).at(-1);
    items = [
      ['K', fmt(last?.k)],
      ['D', fmt(last?.d)],
      ['J', fmt(last?.j)],
    ];
  } else {
    items = [['RSI(14)', fmt(rsi(closes).at(-1))]];
  }
  return (
    <dl className={styles.summary} aria-label={t('detail.subSummary', { sub: t(`detail.sub.${sub}`) })}>
      {items.map(([label, value]) => (
        <div key={label} className={styles.summaryItem}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
});
