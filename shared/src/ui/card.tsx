import type { HTMLAttributes, ReactNode } from 'react';

export interface CardProps extends HTMLAttributes<HTMLElement> {
  /** Optional translated heading of the card. */
  title?: string;
  /** Content at the right of the heading (a link, a badge). */
  extra?: ReactNode;
}

/** A surface grouping related content (a summary, a form section). */
export function Card({ title, extra, className, children, ...rest }: CardProps) {
  return (
    <section className={['ds-card', className ?? ''].filter(Boolean).join(' ')} {...rest}>
      {title || extra ? (
        <header className="ds-card__header">
          {title ? <h2 className="ds-card__title">{title}</h2> : <span />}
          {extra}
        </header>
      ) : null}
      {children}
    </section>
  );
}

export interface StatRowProps {
  /** Translated label. */
  label: string;
  /** The value, usually a {@link Money}. */
  children: ReactNode;
}

/** One label–value line of a summary or detail list (right-aligned tabular value). */
export function StatRow({ label, children }: StatRowProps) {
  return (
    <div className="ds-stat">
      <dt className="ds-stat__label">{label}</dt>
      <dd className="ds-stat__value">{children}</dd>
    </div>
  );
}
