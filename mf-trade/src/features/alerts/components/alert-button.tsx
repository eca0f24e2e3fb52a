import { useState } from 'react';
import type { Market } from 'shared/mf';
import { useRemoteTranslation } from '#lib';
import { AlertSheet } from './alert-sheet';
import { useAlertToasts } from './alert-toasts';
import styles from './alerts.module.css';

export interface AlertButtonProps {
  code: string;
  market: Market;
  name: string;
  currency: string;
}

/** The stock page's "Alert" action: opens the stock's alerts (a small form and its list). */
export function AlertButton({ code, market, name, currency }: AlertButtonProps) {
  const { t } = useRemoteTranslation();
  const [open, setOpen] = useState(false);
  useAlertToasts();
  return (
    <>
      <button
        type="button"
        className={styles.action}
        aria-haspopup="dialog"
        aria-label={t('alerts.openNamed', { name })}
        onClick={() => setOpen(true)}
      >
        <svg
          viewBox="0 0 24 24"
          width="20"
          height="20"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
          aria-hidden="true"
        >
          <path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15zM10 20a2 2 0 0 0 4 0" />
        </svg>
        <span aria-hidden="true">{t('alerts.action')}</span>
      </button>
      {open ? (
        <AlertSheet code={code} market={market} name={name} currency={currency} onClose={() => setOpen(false)} />
      ) : null}
    </>
  );
}
