import { formatMoney } from 'shared/money';
import { useRemoteTranslation } from '#lib';
import { allowanceOf } from '../model/participation';
import styles from './day-trading.module.css';

export interface AllowancePreviewProps {
  /** The participation amount as typed. */
  amount: string;
  /** The config's multiple. */
  multiple: string;
  currency: string;
}

/** The intraday allowance the typed amount gives (amount × multiple, decimal.js), updated as the user types. */
export function AllowancePreview({ amount, multiple, currency }: AllowancePreviewProps) {
  const { t } = useRemoteTranslation();
  const allowance = allowanceOf(amount, multiple);
  return (
    <p className={styles.allowance} role="status" aria-live="polite" data-testid="ct-day-allowance">
      <span>{t('day.apply.allowance')}</span>
      <span className={styles.allowanceValue}>{allowance ? `${formatMoney(allowance)} ${currency}` : '—'}</span>
      <span className={styles.sub}>
        {allowance
          ? t('day.apply.allowanceFormula', { amount: formatMoney(amount.trim()), multiple })
          : t('day.apply.allowancePending', { multiple })}
      </span>
    </p>
  );
}
