import { createRefusal, type WayOut } from 'shared/remote-kit';
import { NAMESPACE, useHost } from '#lib';

/** The way out of each new-share refusal: a translated hint (`info.wayOut.<key>.text`) and where to go next. */
const WAY_OUT: Record<string, WayOut> = {
  realname_required: { to: '/mine/verified' },
  realname_failed: { to: '/mine/verified' },
  fund_password_not_set: { to: '/mine/fundPassword' },
  fund_password_wrong: { to: '/mine/fundPassword' },
  fund_password_locked: {},
  insufficient_balance: { to: '/mine/stored' },
  new_share_once: { to: '/mine/newShareOrder' },
  not_subscription_time: {},
  subscription_closed: {},
  payment_deadline_passed: {},
  account_frozen: { customerService: true },
  trading_disabled: { customerService: true },
};

/** A server refusal inline on a new-share screen, with its way out; instants read in the market clock. */
export const Refusal = createRefusal({ namespace: NAMESPACE, keyPrefix: 'info.wayOut', wayOut: WAY_OUT, useHost });
