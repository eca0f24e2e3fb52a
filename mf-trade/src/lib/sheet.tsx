import { startTransition, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { keepTabInside, Skeleton } from 'shared/ui';
import { useRemoteTranslation } from './i18n';
import styles from './sheet.module.css';

export interface SheetProps {
  /** Translated title. */
  title: string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The remote's one bottom sheet (a modal dialog over the page): the trade form, alerts, watchlist groups, adding
 * margin, exits and changing an order open in it. Focus moves into it and back to the opener when it closes, and Tab
 * stays inside it. Escape (wherever focus is: a deleted row's button takes focus with it), the close button and the
 * backdrop close it, except while a dialog of its own (a confirmation, the risk disclosure) is open over it. The page
 * under it does not scroll while it is open.
 *
 * The tap that opens it paints the sheet at once (title, close button, placeholder lines); the body is rendered right
 * after in a transition, which React works through in short slices after that paint. Rendering the whole trade form
 * in the tap's own update held the next paint 264 ms at 4× CPU (issue 15, INP; ADR 0029).
 */
export function Sheet({ title, onClose, children }: SheetProps) {
  const { t } = useRemoteTranslation();
  const titleId = useId();
  const boxRef = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;
  const [bodyShown, setBodyShown] = useState(false);
  /** Whether a dialog of the sheet's content (confirmation, risk disclosure) is open over it. */
  const covered = () => Boolean(boxRef.current?.querySelector('[role="alertdialog"]'));

  useEffect(() => startTransition(() => setBodyShown(true)), []);
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    boxRef.current?.focus();
    const { body } = document;
    const overflow = body.style.overflow;
    body.style.overflow = 'hidden';
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape' && !covered()) close.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      body.style.overflow = overflow;
      opener?.focus?.();
    };
  }, []);

  /** Tab stays inside the sheet (aria-modal), unless a dialog of its own is over it (that one keeps Tab). */
  const onKeyDown = (event: KeyboardEvent) => {
    if (!covered()) keepTabInside(event, boxRef.current);
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
        <div className={styles.sheetHead}>
          <h2 id={titleId} className={styles.sheetTitle}>
            {title}
          </h2>
          <button type="button" className={styles.close} onClick={onClose} aria-label={t('alerts.close')}>
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
