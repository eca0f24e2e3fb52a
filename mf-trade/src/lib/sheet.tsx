import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useRemoteTranslation } from './i18n';
import styles from './sheet.module.css';

export interface SheetProps {
  /** Translated title. */
  title: string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A bottom sheet (modal dialog) for small forms: focus moves into it and returns to the opener when it closes, Escape
 * and the backdrop close it. Used by the stock page's alerts and the watchlist's group management.
 */
export function Sheet({ title, onClose, children }: SheetProps) {
  const { t } = useRemoteTranslation();
  const titleId = useId();
  const boxRef = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    boxRef.current?.focus();
    // Escape closes it wherever focus is (a deleted row's button takes focus with it).
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      opener?.focus?.();
    };
  }, []);
  return (
    <div className={styles.backdrop} onClick={onClose}>
      <div
        ref={boxRef}
        className={styles.sheet}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
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
        {children}
      </div>
    </div>
  );
}
