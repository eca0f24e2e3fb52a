import { useState } from 'react';
import { formatCompact } from '../money';

export interface CompactAmountProps {
  /** The figure as a decimal string. */
  value: string;
  /** The reader's language (session code cn/us/jp or its tag): 万/亿, 万/億 or K/M/B. */
  language: string;
  /** The full figure as the screen shows it elsewhere (e.g. `formatMoney(value)`): shown on tap, and the name. */
  full: string;
  /** Unit after the figure (currency code). */
  unit?: string;
  className?: string;
}

/**
 * A large figure shortened where space is tight ("130.24亿 JPY"); a tap toggles the full figure. Its accessible name
 * is always the full figure. A figure below 10,000 is not shortened and shows in full, as text.
 */
export function CompactAmount({ value, language, full, unit, className }: CompactAmountProps) {
  const [expanded, setExpanded] = useState(false);
  const short = formatCompact(value, language);
  const unitNode = unit ? <span className="ds-num__unit"> {unit}</span> : null;
  if (!/[^\d.,-]/.test(short))
    return (
      <span className={['ds-num', className ?? ''].filter(Boolean).join(' ')}>
        {full}
        {unitNode}
      </span>
    );
  const name = unit ? `${full} ${unit}` : full;
  return (
    <button
      type="button"
      className={['ds-compact', className ?? ''].filter(Boolean).join(' ')}
      aria-label={name}
      title={name}
      onClick={() => setExpanded((shown) => !shown)}
    >
      {expanded ? full : short}
      {unitNode}
    </button>
  );
}
