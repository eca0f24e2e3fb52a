import { createRefusal, type WayOut } from 'shared/remote-kit';
import { NAMESPACE, useHost } from '#lib';

/** The way out of each follow refusal: a translated hint (`follow.wayOut.<key>.text`) and where to go next. */
const WAY_OUT: Record<string, WayOut> = {
  min_buy_amount: {},
  follow_time_exceeded: { to: '/home/qcList' },
  product_unavailable: { to: '/home/qcList' },
  insufficient_fundraising: {},
  insufficient_balance: { to: '/mine/stored' },
  realname_required: { to: '/mine/verified' },
  realname_failed: { to: '/mine/verified' },
  fund_password_not_set: { to: '/mine/fundPassword' },
  fund_password_wrong: { to: '/mine/fundPassword' },
  fund_password_locked: {},
  account_frozen: { customerService: true },
  trading_disabled: { customerService: true },
};

/** A server refusal inline on the follow form, with its way out; instants read in the product's market clock. */
export const Refusal = createRefusal({ namespace: NAMESPACE, keyPrefix: 'follow.wayOut', wayOut: WAY_OUT, useHost });
