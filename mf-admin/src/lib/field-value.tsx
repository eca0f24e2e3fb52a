import { Money, StatusBadge } from 'shared/ui';
import { formatDateTime } from 'shared/remote-kit';
import { useRemoteTranslation } from './i18n';
import { toneOf } from './queues';
import { OutcomeSummary, PayloadSummary } from './payload-summary';
import styles from './admin.module.css';

/** How a back-office field reads: plain text, an amount in its row's currency, a time, a number or a status. */
export interface FieldSpec {
  /** The wire field of the row; its label is `field.<key>` of the namespace. */
  key: string;
  kind?: 'text' | 'money' | 'date' | 'number' | 'status' | 'json' | 'list' | 'endpoint' | 'payload' | 'outcome';
  /** The label's key when it is not `field.<key>` (the audit log's time reads "Time", not "Submitted"). */
  labelKey?: string;
  /** For `money`: the row field naming the currency (default `currency`). */
  currencyKey?: string;
}

/** The translation key of a field's label. */
export const labelKeyOf = (spec: FieldSpec) => spec.labelKey ?? `field.${spec.key}`;

const isBlank = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** The value of `spec` in `row`, formatted by its kind (`—` when the row has none). */
export function FieldValue({ row, spec }: { row: Record<string, unknown>; spec: FieldSpec }) {
  const { t, i18n } = useRemoteTranslation();
  const value = row[spec.key];
  if (isBlank(value)) return <span aria-label={t('field.none')}>—</span>;
  switch (spec.kind) {
    case 'money':
      return <Money value={String(value)} currency={String(row[spec.currencyKey ?? 'currency'] ?? '')} />;
    case 'date':
      return <span className="ds-num">{formatDateTime(String(value))}</span>;
    case 'number':
      return <span className="ds-num">{String(value)}</span>;
    case 'status': {
      const key = `status.${String(value)}`;
      return <StatusBadge label={i18n.exists(key, { ns: 'mf_admin' }) ? t(key) : String(value)} tone={toneOf(value)} />;
    }
    case 'json': {
      // long structures stay on one line, cut with an ellipsis; the whole text is the cell's title
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      return (
        <code className={styles.json} title={text}>
          {text}
        </code>
      );
    }
    case 'endpoint': {
      // the kind of a four-eyes request, named by the endpoint it runs (adminWithdrawalReview, adminCorrection, ...)
      const key = `fourEyes.kind.${String(value)}`;
      return <>{i18n.exists(key, { ns: 'mf_admin' }) ? t(key) : String(value)}</>;
    }
    case 'payload':
      return <PayloadSummary value={value} />;
    case 'outcome':
      return <OutcomeSummary value={value} />;
    case 'list':
      return <>{Array.isArray(value) ? value.map(String).join(', ') : String(value)}</>;
    default:
      return <>{String(value)}</>;
  }
}
