import { createRefusal, type WayOut } from 'shared/remote-kit';
import { NAMESPACE, useHost } from '#lib';

/** The way out of each day-trading refusal: a translated hint (`day.wayOut.<key>.text`) and where to go next. */
const WAY_OUT: Record<string, WayOut> = {
  day_trade_market_t_plus_one: {},
  day_trade_already_applied: { to: '/home/withinDays?tab=today' },
  day_trade_not_active: {},
  day_trade_allowance_exceeded: {},
  risk_disclosure_required: {},
  insufficient_balance: { to: '/mine/stored' },
  realname_required: { to: '/mine/verified' },
  realname_failed: { to: '/mine/verified' },
  fund_password_not_set: { to: '/mine/fundPassword' },
  fund_password_wrong: { to: '/mine/fundPassword' },
  fund_password_locked: {},
  not_trading_time: {},
  account_frozen: { customerService: true },
  trading_disabled: { customerService: true },
};

/** A server refusal inline on a day-trading form, with its way out; instants read in the market's clock. */
export const Refusal = createRefusal({ namespace: NAMESPACE, keyPrefix: 'day.wayOut', wayOut: WAY_OUT, useHost });
