import { Decimal } from '../money';

export interface PriceChangeProps {
  /** The change as a decimal string (absolute or percent, see `percent`). */
  value: string | null | undefined;
  /** Append % and format 2 decimals. */
  percent?: boolean;
  className?: string;
}

/**
 * A signed change with an arrow and the up/down colour of the user's convention
 * (tokens `--color-up` / `--color-down`, swapped by `data-updown` on <html>): never colour alone.
 */
export function PriceChange({ value, percent, className }: PriceChangeProps) {
  const v =
    value === null || value === undefined || value === '' || value === '-' ? new Decimal(0) : new Decimal(value);
  const dir = v.isZero() ? 'flat' : v.isPositive() ? 'up' : 'down';
  const text = `${dir === 'up' ? '+' : dir === 'down' ? '-' : ''}${v.abs().toFixed(2)}${percent ? '%' : ''}`;
  const arrow = dir === 'up' ? '▲' : dir === 'down' ? '▼' : '';
  return (
    <span className={['ds-num', `ds-num--${dir}`, className ?? ''].filter(Boolean).join(' ')}>
      {arrow ? (
        <span aria-hidden="true" className="ds-num__arrow">
          {arrow}
        </span>
      ) : null}
      {text}
    </span>
  );
}
