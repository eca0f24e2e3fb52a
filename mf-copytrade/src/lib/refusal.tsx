import { createRefusal, type WayOut } from 'shared/remote-kit';
import { useHost } from './host';
import { NAMESPACE } from './i18n';

/** The way out of each follow refusal: a translated hint (`follow.wayOut.<key>.text`) and where to go next. */
const FOLLOW_WAY_OUT: Record<string, WayOut> = {
  min_buy_amount: {},
  follow_time_exceeded: { to: '/home/qcList' },
  product_unavailable: { to: '/home/qcList' },
  insufficient_fundraising: {},
};

/** The way out of each day-trading refusal: a translated hint (`day.wayOut.<key>.text`) and where to go next. */
const DAY_TRADE_WAY_OUT: Record<string, WayOut> = {
  day_trade_market_t_plus_one: {},
  day_trade_already_applied: { to: '/home/withinDays?tab=today' },
  day_trade_not_active: {},
  day_trade_allowance_exceeded: {},
  risk_disclosure_required: {},
  not_trading_time: {},
};

/**
 * A server refusal inline on the follow form, with its way out (shared/remote-kit createRefusal); instants read in
 * the product's market clock.
 */
export const FollowRefusal = createRefusal({
  namespace: NAMESPACE,
  keyPrefix: 'follow.wayOut',
  wayOut: FOLLOW_WAY_OUT,
  useHost,
});

/** A server refusal inline on a day-trading form, with its way out; instants read in the market's clock. */
export const DayTradeRefusal = createRefusal({
  namespace: NAMESPACE,
  keyPrefix: 'day.wayOut',
  wayOut: DAY_TRADE_WAY_OUT,
  useHost,
});
export type { RefusalProps } from 'shared/remote-kit';
