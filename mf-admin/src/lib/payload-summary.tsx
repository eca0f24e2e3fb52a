import { formatDateTime } from 'shared/remote-kit';
import { Money } from 'shared/ui';
import { useRemoteTranslation } from './i18n';
import styles from './admin.module.css';

/** Payload fields that are amounts: shown from their decimal string (never a float) in the payload's currency. */
const AMOUNTS = new Set(['amount', 'rate', 'price', 'block_price', 'min_amount', 'max_amount']);

/** An ISO instant as the server stores a validated date field (opens_at, deadline, ...). */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

const isBlank = (value: unknown) => value === null || value === undefined || value === '';

/**
 * A four-eyes request's payload (the validated request its first administrator sent) read as "label value" pairs:
 * labels from `field.<key>` or the catalogue form's `catalogue.field.<key>`, dates in local time, amounts formatted
 * from their decimal text, the review's action translated, anything nested as compact JSON. Empty fields are left
 * out.
 */
export function PayloadSummary({ value }: { value: unknown }) {
  const { t, i18n } = useRemoteTranslation();
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return <code className={styles.json}>{JSON.stringify(value)}</code>;
  const payload = value as Record<string, unknown>;
  const currency = typeof payload.currency === 'string' ? payload.currency : undefined;
  // the currency reads after the amount, not as a field of its own
  const entries = Object.entries(payload).filter(
    ([key, field]) => !isBlank(field) && !(key === 'currency' && 'amount' in payload),
  );
  // the queues' field labels, else the catalogue forms' (a catalogue change's request is that form's fields)
  const label = (key: string) => {
    const found = [`field.${key}`, `catalogue.field.${key}`].find((k) => i18n.exists(k, { ns: 'mf_admin' }));
    return found ? t(found) : key;
  };
  const text = (key: string, field: unknown) => {
    if (AMOUNTS.has(key) && (typeof field === 'string' || typeof field === 'number'))
      return <Money value={String(field)} currency={key === 'amount' ? currency : undefined} />;
    if (key === 'action' && (field === 'approve' || field === 'reject')) return t(`review.${field}`);
    if (typeof field === 'boolean') return t(field ? 'catalogue.yes' : 'catalogue.no');
    if (typeof field === 'object') return JSON.stringify(field);
    if (typeof field === 'string' && INSTANT.test(field)) return formatDateTime(field);
    return String(field);
  };
  return (
    <span className={styles.payload}>
      {entries.map(([key, field]) => (
        <span key={key} className={styles.payloadItem}>
          <span className={styles.payloadLabel}>{label(key)}</span> {text(key, field)}
        </span>
      ))}
    </span>
  );
}

/**
 * What an approved request did (`{msg, data}`, the action's own answer) or why it was refused (`{refused: key}`):
 * the message translated, then the answer's fields as in PayloadSummary.
 */
export function OutcomeSummary({ value }: { value: unknown }) {
  const { t, i18n } = useRemoteTranslation();
  const outcome = (value ?? {}) as { msg?: unknown; data?: unknown; refused?: unknown };
  const key =
    typeof outcome.refused === 'string' ? outcome.refused : typeof outcome.msg === 'string' ? outcome.msg : '';
  const text = key && i18n.exists(`msg:${key}`) ? t(`msg:${key}`) : key;
  const data = outcome.data;
  const hasData = data !== null && data !== undefined && !(typeof data === 'object' && Object.keys(data).length === 0);
  return (
    <span className={styles.payload}>
      {text ? <span className={styles.payloadItem}>{text}</span> : null}
      {hasData ? <PayloadSummary value={data} /> : null}
    </span>
  );
}
