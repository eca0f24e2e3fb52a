import type { ReactNode } from 'react';
import styles from './facts.module.css';

export interface FactItem {
  /** Translated label. */
  label: string;
  /** The value; `—` while the figure is not available. */
  value: ReactNode;
  /** Stable key (defaults to the label). */
  id?: string;
  /** Spans both columns (a date range, a long text). */
  wide?: boolean;
}

export interface FactsProps {
  items: readonly FactItem[];
  className?: string;
}

/** The facts grid of a card or detail screen: a `<dl>` of label-over-value pairs in two columns. */
export function Facts({ items, className }: FactsProps) {
  return (
    <dl className={className ? `${styles.facts} ${className}` : styles.facts}>
      {items.map((item) => (
        <div key={item.id ?? item.label} className={item.wide ? `${styles.fact} ${styles.wide}` : styles.fact}>
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
