import { createRefusal, type WayOut } from 'shared/remote-kit';
import { useHost } from './host';
import { NAMESPACE } from './i18n';

/** The way out of each funds refusal (over shared COMMON_WAY_OUT): a hint (`wayOut.<key>.text`) and where to go. */
const WAY_OUT: Record<string, WayOut> = {
  loan_unpaid: { to: '/mine/loanOrder' },
  positions_open: { to: '/position/index' },
  orders_pending: { to: '/position/index' },
  order_under_review: {},
  credit_score_low: { customerService: true },
  withdraw_min: {},
  withdraw_closed_hours: {},
  withdraw_currency_unavailable: { to: '/mine/exchange' },
  deposit_pending: {},
  deposit_closed_day: {},
  deposit_max: {},
  proof_required: {},
  borrow_limit_insufficient: {},
  repay_less_than_borrowed: {},
  repay_less_than_owed: {},
  too_frequent: {},
  idempotency_conflict: {},
  exchange_amount_too_small: {},
};

/**
 * A server refusal inline on a funds screen, with its way out (shared/remote-kit createRefusal). Funds hours are
 * Japan time (spec §9): an instant in a refusal (the next withdrawal opening) reads in JST with the device's time.
 */
export const Refusal = createRefusal({
  namespace: NAMESPACE,
  keyPrefix: 'wayOut',
  wayOut: WAY_OUT,
  useHost,
  market: 'jpy',
});
export type { RefusalProps } from 'shared/remote-kit';
