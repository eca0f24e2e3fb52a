import { Link } from 'react-router';
import type { TFunction } from 'i18next';
import type { ApiError } from 'shared/api';
import { Button } from 'shared/ui';
import { useHost } from './host';
import { useRemoteTranslation } from './i18n';
import styles from './refusal.module.css';

/** The way out of each refusal: a translated hint (`wayOut.<key>.text`) and where to go next. */
const WAY_OUT: Record<string, { to?: string; customerService?: true }> = {
  realname_required: { to: '/mine/verified' },
  realname_failed: { to: '/mine/verified' },
  bank_card_required: { to: '/mine/bankAdd' },
  fund_password_not_set: { to: '/mine/fundPassword' },
  fund_password_wrong: { to: '/mine/fundPassword' },
  loan_unpaid: { to: '/mine/loanOrder' },
  positions_open: { to: '/position/index' },
  order_under_review: {},
  credit_score_low: { customerService: true },
  withdraw_min: {},
  withdraw_closed_hours: {},
  withdraw_currency_unavailable: { to: '/mine/exchange' },
  deposit_pending: {},
  deposit_max: {},
  proof_required: {},
  insufficient_balance: { to: '/mine/stored' },
  borrow_limit_insufficient: {},
  repay_less_than_borrowed: {},
  too_frequent: {},
  account_frozen: { customerService: true },
  trading_disabled: { customerService: true },
  idempotency_conflict: {},
  exchange_amount_too_small: {},
};

export interface RefusalProps {
  error: ApiError | undefined;
  /** Fields the form shows inline errors for: a refusal about one of them is shown there instead. */
  fields?: readonly string[];
}

/**
 * A refusal of the server, inline on the screen: the translated message naming the rule (with the
 * server's values, e.g. the amount to repay) and the way out (a link, or customer service). The
 * shell's toast disappears after 2 s; this stays until the next submission.
 */
export function Refusal({ error, fields }: RefusalProps) {
  const { t, i18n } = useRemoteTranslation();
  const host = useHost();
  if (!error || (error.field && fields?.includes(error.field))) return null;
  const way = WAY_OUT[error.msg];
  const values = error.values ?? {};
  const hintKey = `wayOut.${error.msg}.text`;
  const hint = way && i18n.exists(hintKey, { ns: 'mf_funds' }) ? t(hintKey, values) : undefined;
  return (
    <div className={styles.refusal} role="alert">
      <p className={styles.message}>{t(`msg:${error.msg}`, { field: error.field ?? '', ...values })}</p>
      {hint ? <p className={styles.hint}>{hint}</p> : null}
      {way?.to ? (
        <Link className="ds-button ds-button--secondary" to={way.to}>{t(`wayOut.${error.msg}.action`)}</Link>
      ) : null}
      {way?.customerService ? (
        <Button variant="secondary" onClick={() => host.openCustomerService()}>{t('wayOut.customerService')}</Button>
      ) : null}
    </div>
  );
}

/** The inline error of a form field: a refusal whose `field` names it. */
export function fieldRefusal(error: ApiError | undefined, field: string, t: TFunction<'mf_funds'>): string | undefined {
  if (!error || error.field !== field) return undefined;
  return t(`msg:${error.msg}`, { field, ...(error.values ?? {}) });
}
