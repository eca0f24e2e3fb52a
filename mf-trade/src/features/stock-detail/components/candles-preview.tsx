import type { Candle } from 'shared/contract';
import { formatMoney } from 'shared/money';
import { VISIBLE_CANDLES } from '../model/periods';
import styles from './candles-preview.module.css';

/** viewBox units: a 10-wide slot per bar; the price pane 0–150, the volume pane 160–200 (index.html's early chart). */
const SLOT = 10;
const PRICE_TOP = 4;
const PRICE_HEIGHT = 142;
const VOLUME_HEIGHT = 40;

/**
 * The candles of the chart's answer drawn as plain SVG while Highcharts builds its chart from the same answer (about
 * half a second of the main thread at 4× CPU): the latest VISIBLE_CANDLES bars, their volume and the view's high and
 * low, where the chart puts them, as index.html's early chart draws a deep link's day candles (docs/decisions/0030).
 * Coloured as the chart colours them: a candle is up when it closed above its open, its volume when at or above it.
 * Not interactive, hidden from assistive technology (the overlay says the chart is loading); gone once Highcharts has
 * drawn. Screen coordinates only: no figure is computed from the prices, the labels are the answer's own strings.
 */
export function CandlesPreview({ candles }: { candles: readonly Candle[] }) {
  const bars = candles.slice(-VISIBLE_CANDLES);
  if (bars.length === 0) return null;
  let high = bars[0]!;
  let low = bars[0]!;
  let volumeMax = 0;
  for (const bar of bars) {
    if (+bar.high > +high.high) high = bar;
    if (+bar.low < +low.low) low = bar;
    volumeMax = Math.max(volumeMax, +bar.volume);
  }
  const top = +high.high;
  const span = top - +low.low;
  const y = (value: string) => (span > 0 ? PRICE_TOP + ((top - +value) / span) * PRICE_HEIGHT : 75);
  return (
    <div className={styles.preview} aria-hidden="true" data-testid="tr-chart-preview">
      <svg viewBox={`0 0 ${bars.length * SLOT} 200`} preserveAspectRatio="none" className={styles.plot}>
        {bars.map((bar, i) => {
          const x = i * SLOT;
          const open = y(bar.open);
          const close = y(bar.close);
          const up = +bar.close > +bar.open ? styles.up : styles.down;
          const volumeUp = +bar.close >= +bar.open ? styles.up : styles.down;
          const volume = volumeMax > 0 ? (+bar.volume / volumeMax) * VOLUME_HEIGHT : 0;
          return (
            <g key={bar.time}>
              <line
                x1={x + 5}
                x2={x + 5}
                y1={y(bar.high)}
                y2={y(bar.low)}
                className={up}
                vectorEffect="non-scaling-stroke"
              />
              <rect
                x={x + 2}
                width={6}
                y={Math.min(open, close)}
                height={Math.max(Math.abs(open - close), 0.8)}
                className={`${styles.candle} ${up}`}
              />
              <rect x={x + 2} width={6} y={200 - volume} height={volume} className={`${styles.volume} ${volumeUp}`} />
            </g>
          );
        })}
      </svg>
      <span className={styles.high}>{formatMoney(high.high)}</span>
      <span className={styles.low}>{formatMoney(low.low)}</span>
    </div>
  );
}
