import { Link } from 'react-router';
import type { ApiError } from 'shared/api';
import { Button } from 'shared/ui';
import { formatDateTime } from 'shared/remote-kit';
import { useHost } from './host';
import { useRemoteTranslation } from './i18n';
import styles from './refusal.module.css';

/**
 * The way out of each trading refusal: a translated hint (`trade.wayOut.<key>.text`) and where to go
 * next (`trade.wayOut.<key>.action`). A refusal without an entry shows its message alone.
 */
const WAY_OUT: Record<string, { to?: string; customerService?: true }> = {
  insufficient_balance: { to: '/mine/stored' },
  realname_required: { to: '/mine/verified' },
  realname_failed: { to: '/mine/verified' },
  trading_disabled: { customerService: true },
  account_frozen: { customerService: true },
  not_trading_time: {},
  price_beyond_limit: {},
  t1_cannot_sell: {},
  too_frequent: {},
};

export interface RefusalProps {
  error: ApiError | undefined;
  /** Fields the form shows inline errors for: a refusal about one of them is shown there instead. */
  fields?: readonly string[];
}

/**
 * A refusal of the server, inline where it happened: the translated message naming the rule (with
 * the server's values, e.g. the price limits or the next open) and the way out (a link, or customer
 * service). The shell's toast disappears after 2 s; this stays until the next attempt.
 */
export function Refusal({ error, fields }: RefusalProps) {
  const { t, i18n } = useRemoteTranslation();
  const host = useHost();
  if (!error || (error.field && fields?.includes(error.field))) return null;
  const way = WAY_OUT[error.msg];
  const values = readable(error.values ?? {}, i18n.language);
  const hintKey = `trade.wayOut.${error.msg}.text`;
  const hint = way && i18n.exists(hintKey, { ns: 'mf_trade' }) ? t(hintKey, values) : undefined;
  return (
    <div className={styles.refusal} role="alert">
      <p className={styles.message}>{t(`msg:${error.msg}`, { field: error.field ?? '', ...values })}</p>
      {hint ? <p className={styles.hint}>{hint}</p> : null}
      {way?.to ? (
        <Link className="ds-button ds-button--secondary" to={way.to}>{t(`trade.wayOut.${error.msg}.action`)}</Link>
      ) : null}
      {way?.customerService ? (
        <Button variant="secondary" onClick={() => host.openCustomerService()}>{t('trade.wayOut.customerService')}</Button>
      ) : null}
    </div>
  );
}

/** Refusal values as the user reads them: an instant (the next open of not_trading_time) in local date and time. */
function readable(values: Record<string, string>, language: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    out[key] = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) ? formatDateTime(value, language) : value;
  }
  return out;
}
