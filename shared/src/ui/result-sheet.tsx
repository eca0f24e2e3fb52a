import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StatRow } from './card';
import { keepTabInside } from './focus-trap';

export interface ResultRow {
  /** Stable key (a field name). */
  id: string;
  /** Translated label ("Order number"). */
  label: string;
  /** The figure as the server answered it (formatted by the caller). */
  value: ReactNode;
}

export interface ResultSheetProps {
  open: boolean;
  /** `done` when the action took effect, `pending` when it waits (a review, a four-eyes approval, a queue). */
  tone?: 'done' | 'pending';
  /** Translated title: the server's message for the outcome ("Withdrawal submitted"). */
  title: string;
  /** What the server answered: price, quantity, order number, amount frozen… */
  rows?: readonly ResultRow[];
  /** Translated extra text (what happens next). */
  children?: ReactNode;
  /** Where to see it: a translated label and what it does (navigate to the order list, the records…). */
  next?: { label: string; onClick: () => void };
  /** Closes the sheet (the "Done" button, Escape, the backdrop). */
  onClose: () => void;
}

/**
 * The result of a money action (issue 35: every money action confirms and reports): after the ConfirmDialog that
 * shows the figures beforehand, this sheet shows what the server did (price, order number, amount, its state) and
 * where to see it, instead of a toast that disappears. It stays until the investor closes it; focus moves into it
 * and returns to the opener when it closes.
 */
export function ResultSheet({ open, tone = 'done', title, rows, children, next, onClose }: ResultSheetProps) {
  const { t } = useTranslation('common');
  const titleId = useId();
  const bodyId = useId();
  const boxRef = useRef<HTMLDivElement>(null);
  const doneRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    doneRef.current?.focus();
    return () => opener?.focus?.();
  }, [open]);

  if (!open) return null;

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    } else {
      keepTabInside(event, boxRef.current, 'button:not([disabled])');
    }
  };

  return (
    <div className="ds-dialog ds-dialog--sheet" onKeyDown={onKeyDown}>
      <div className="ds-dialog__backdrop" aria-hidden="true" onClick={onClose} />
      <div
        ref={boxRef}
        className={`ds-dialog__box ds-result ds-result--${tone}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={rows?.length || children ? bodyId : undefined}
        data-testid="result-sheet"
      >
        <span className="ds-result__mark" aria-hidden="true">
          {tone === 'done' ? '✓' : '…'}
        </span>
        <h2 id={titleId} className="ds-dialog__title">
          {title}
        </h2>
        <div id={bodyId} className="ds-dialog__body">
          {rows?.length ? (
            <dl className="ds-result__rows">
              {rows.map((row) => (
                <StatRow key={row.id} label={row.label}>
                  {row.value}
                </StatRow>
              ))}
            </dl>
          ) : null}
          {children}
        </div>
        <div className={`ds-dialog__actions${next ? '' : ' ds-dialog__actions--single'}`}>
          {next ? (
            <button type="button" className="ds-button ds-button--secondary" onClick={next.onClick}>
              {next.label}
            </button>
          ) : null}
          <button ref={doneRef} type="button" className="ds-button ds-button--primary" onClick={onClose}>
            {t('done')}
          </button>
        </div>
      </div>
    </div>
  );
}
