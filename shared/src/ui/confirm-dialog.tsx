import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { keepTabInside } from './focus-trap';

export interface ConfirmDialogProps {
  open: boolean;
  /** Translated title ("Close this position?"). */
  title: string;
  /** Translated body: what will happen, with the figures. */
  children?: ReactNode;
  /** Translated confirm label (default common:confirm). */
  confirmLabel?: string;
  /** Translated cancel label (default common:cancel). */
  cancelLabel?: string;
  /**
   * `danger` for irreversible actions (close position, cancel order); `up` / `down` for an order's side, in the
   * user's up/down colours (the ticket's own: buy long is `up`, sell short `down`).
   */
  tone?: 'primary' | 'danger' | 'up' | 'down';
  /** While true only the confirm button is disabled (the figures to confirm are not known yet). */
  confirmDisabled?: boolean;
  /** While true the confirm button is busy and the dialog cannot be dismissed. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A modal confirmation (close position, cancel order, log out). Focus moves into the dialog,
 * Escape and the backdrop cancel, Tab stays inside; focus returns to the opener when it closes.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  tone = 'primary',
  busy,
  confirmDisabled,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useTranslation('common');
  const titleId = useId();
  const bodyId = useId();
  const boxRef = useRef<HTMLDivElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    cancelRef.current?.focus();
    return () => opener?.focus?.();
  }, [open]);

  if (!open) return null;

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape' && !busy) {
      event.stopPropagation();
      onCancel();
    } else {
      keepTabInside(event, boxRef.current, 'button:not([disabled])');
    }
  };

  return (
    <div className="ds-dialog" onKeyDown={onKeyDown}>
      <div className="ds-dialog__backdrop" aria-hidden="true" onClick={() => (busy ? undefined : onCancel())} />
      <div
        ref={boxRef}
        className="ds-dialog__box"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={children ? bodyId : undefined}
      >
        <h2 id={titleId} className="ds-dialog__title">
          {title}
        </h2>
        {children ? (
          <div id={bodyId} className="ds-dialog__body">
            {children}
          </div>
        ) : null}
        <div className="ds-dialog__actions">
          <button
            ref={cancelRef}
            type="button"
            className="ds-button ds-button--secondary"
            disabled={busy}
            onClick={onCancel}
          >
            {cancelLabel ?? t('cancel')}
          </button>
          <button
            type="button"
            className={`ds-button ds-button--${tone}`}
            disabled={busy || confirmDisabled}
            aria-busy={busy || undefined}
            onClick={onConfirm}
          >
            {confirmLabel ?? t('confirm')}
          </button>
        </div>
      </div>
    </div>
  );
}
