import type { Quote } from 'shared/contract';
import { formatMoney } from 'shared/money';
import { Field, type FieldProps } from 'shared/ui';
import { useRemoteTranslation } from '#lib';
import styles from './trade-panel.module.css';

export interface LimitPriceFieldProps {
  /** The field's registration and inline error. */
  field: Omit<FieldProps, 'label'>;
  currency: string;
  /** Today's limits, from the quote (none yet while it loads). */
  quote: Pick<Quote, 'limit_down' | 'limit_up'> | undefined;
}

/** A limit order's price field, with today's price limits under it. */
export function LimitPriceField({ field, currency, quote }: LimitPriceFieldProps) {
  const { t } = useRemoteTranslation();
  const limits = quote && (quote.limit_down !== null || quote.limit_up !== null) ? quote : undefined;
  return (
    <div>
      <Field
        label={t('trade.price')}
        inputMode="decimal"
        autoComplete="off"
        {...field}
        suffix={<span className={styles.unit}>{currency}</span>}
      />
      <p className={styles.hint}>
        {limits
          ? t('trade.limits', {
              down: limits.limit_down ? `${formatMoney(limits.limit_down)} ${currency}` : '—',
              up: limits.limit_up ? `${formatMoney(limits.limit_up)} ${currency}` : '—',
            })
          : quote
            ? t('trade.noLimits')
            : null}
      </p>
    </div>
  );
}
