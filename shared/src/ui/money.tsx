import { formatMoney } from '../money';

export interface MoneyProps {
  value: string | null | undefined;
  /** ISO currency code shown after the amount. */
  currency?: string;
  /** Show + on positive values and colour gains/losses (with the sign, never colour alone). */
  signed?: boolean;
  className?: string;
}

/** A money amount: 2 decimals, thousands separators, tabular figures. */
export function Money({ value, currency, signed, className }: MoneyProps) {
  const text = formatMoney(value ?? '0', { sign: signed });
  const tone = signed ? (text.startsWith('-') ? 'ds-num--down' : text.startsWith('+') ? 'ds-num--up' : '') : '';
  return (
    <span className={['ds-num', tone, className ?? ''].filter(Boolean).join(' ')}>
      {text}
      {currency ? <span className="ds-num__unit"> {currency}</span> : null}
    </span>
  );
}
