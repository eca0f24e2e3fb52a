import type { ReactNode } from 'react';
import { StatRow } from '../ui/card';

export interface DetailItem {
  /** Stable key of the row (a field name). */
  id: string;
  /** Translated label. */
  label: string;
  /** The value; `—` while the figure is not available. */
  value: ReactNode;
}

export interface DetailListProps {
  items: readonly DetailItem[];
  className?: string;
}

/** A `<dl>` of label–value rows (`StatRow`), for a detail or summary card. */
export function DetailList({ items, className }: DetailListProps) {
  return (
    <dl className={className}>
      {items.map((item) => (
        <StatRow key={item.id} label={item.label}>
          {item.value}
        </StatRow>
      ))}
    </dl>
  );
}
