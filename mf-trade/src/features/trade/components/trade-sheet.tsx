import { startTransition, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Skeleton } from 'shared/ui';
import { useRemoteTranslation } from '#lib';
import styles from './trade-sheet.module.css';

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), select:not([disabled]), a[href], [tabindex="0"]';

export interface TradeSheetProps {
  /** Translated title. */
  title: string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The bottom sheet the trade form opens in (a modal dialog over the stock page): focus moves into it and back to
 * the opener when it closes, and Tab stays inside it. Escape, the close button and the backdrop close it, except
 * while a dialog of its own (the order confirmation, the risk disclosure) is open over it. The page under it does
 * not scroll while it is open, and scrolls as before once it closes.
 *
 * The tap that opens it paints the sheet at once (its title, close button and placeholder lines); the form inside is
 * rendered right after in a transition, which React works through in short slices after that paint. Rendering the
 * whole form in the tap's own update held the next paint 264 ms at 4× CPU (issue 15, INP).
 */
export function TradeSheet({ title, onClose, children }: TradeSheetProps) {
  const { t } = useRemoteTranslation();
  const titleId = useId();
  const boxRef = useRef<HTMLDivElement>(null);
  const [bodyShown, setBodyShown] = useState(false);
  useEffect(() => startTransition(() => setBodyShown(true)), []);
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    boxRef.current?.focus();
    const { body } = document;
    const overflow = body.style.overflow;
    body.style.overflow = 'hidden';
    return () => {
      body.style.overflow = overflow;
      opener?.focus?.();
    };
  }, []);
  /** Whether a dialog of the form (confirmation, risk disclosure) is open over the sheet. */
  const covered = () => Boolean(boxRef.current?.querySelector('[role="alertdialog"]'));
  const onKeyDown = (event: KeyboardEvent) => {
    if (covered()) return;
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    } else if (event.key === 'Tab') {
      // Tab stays inside the sheet (aria-modal): from the last control to the first and back.
      const focusable = boxRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE);
      if (!focusable || focusable.length === 0) return;
      const first = focusable[0]!;
      const last = focusable[focusable.length - 1]!;
      if (event.shiftKey && (document.activeElement === first || document.activeElement === boxRef.current)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    }
  };
  return (
    <div className={styles.backdrop} onClick={() => (covered() ? undefined : onClose())}>
      <div
        ref={boxRef}
        className={styles.sheet}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        onClick={(event) => event.stopPropagation()}
      >
        <div className={styles.head}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button type="button" className={styles.close} onClick={onClose} aria-label={t('trade.bar.close')}>
            ×
          </button>
        </div>
        {bodyShown ? (
          children
        ) : (
          <div className={styles.pending} aria-busy="true">
            <Skeleton height="2.75rem" />
            <Skeleton height="2.75rem" />
            <Skeleton width="62%" />
            <Skeleton height="2.75rem" />
          </div>
        )}
      </div>
    </div>
  );
}
