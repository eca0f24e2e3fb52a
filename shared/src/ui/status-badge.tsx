export type StatusTone = 'neutral' | 'info' | 'pending' | 'success' | 'danger' | 'warning' | 'up' | 'down';

export interface StatusBadgeProps {
  /** Translated status text (never colour alone). */
  label: string;
  /**
   * pending review → `pending`, approved/filled → `success`, rejected/failed → `danger`, ended → `neutral`; a side
   * of an order → `up` (long) or `down` (short), the user's up/down colours (red-up in Chinese and Japanese).
   */
  tone?: StatusTone;
  /** Show a small dot before the text. */
  dot?: boolean;
}

/** A state label: review states, order states, new-share states (spec §4). */
export function StatusBadge({ label, tone = 'neutral', dot }: StatusBadgeProps) {
  return (
    <span className={`ds-badge ds-badge--${tone}`}>
      {dot ? <span className="ds-badge__dot" aria-hidden="true" /> : null}
      {label}
    </span>
  );
}
