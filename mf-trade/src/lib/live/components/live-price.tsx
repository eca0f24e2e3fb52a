import { useEffect, useRef, useState } from 'react';
import { formatMoney } from 'shared/money';
import styles from './live-price.module.css';

export interface LivePriceProps {
  /** Decimal string from the API or the stream. */
  value: string;
  className?: string;
}

/**
 * A price that flashes green or red (by the user's up/down convention) when it changes: a CSS
 * animation restarted on each change, switched off under prefers-reduced-motion (the colour of
 * the change column still tells the direction).
 */
export function LivePrice({ value, className }: LivePriceProps) {
  const previous = useRef(value);
  const [flash, setFlash] = useState<{ dir: 'up' | 'down'; n: number } | undefined>();
  useEffect(() => {
    const before = previous.current;
    previous.current = value;
    if (before === value) return;
    const diff = Number(value) - Number(before);
    if (!Number.isFinite(diff) || diff === 0) return;
    setFlash((f) => ({ dir: diff > 0 ? 'up' : 'down', n: (f?.n ?? 0) + 1 }));
  }, [value]);
  const cls = [
    styles.price,
    flash ? (flash.n % 2 ? styles[`${flash.dir}A`] : styles[`${flash.dir}B`]) : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <span className={cls} data-flash={flash?.dir}>
      {formatMoney(value)}
    </span>
  );
}
