import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface EmptyStateProps {
  /** Translated headline: why the list is empty. */
  title: string;
  /** Translated explanation. */
  hint?: string;
  /** The next action (deposit, browse quotes, ...). */
  action?: { label: string; to: string };
  icon?: ReactNode;
}

/** Every empty list says why and offers the next action (STYLE.md). */
export function EmptyState({ title, hint, action, icon }: EmptyStateProps) {
  return (
    <div className="ds-empty" role="status">
      {icon ? (
        <div className="ds-empty__icon" aria-hidden="true">
          {icon}
        </div>
      ) : null}
      <p className="ds-empty__title">{title}</p>
      {hint ? <p className="ds-empty__hint">{hint}</p> : null}
      {action ? (
        <Link className="ds-button ds-button--secondary" to={action.to}>
          {action.label}
        </Link>
      ) : null}
    </div>
  );
}
