import { createRefusal, type WayOut } from 'shared/remote-kit';
import { NAMESPACE, useHost } from '#lib';

/** The way out of each new-share refusal: a translated hint (`info.wayOut.<key>.text`) and where to go next. */
const WAY_OUT: Record<string, WayOut> = {
  new_share_once: { to: '/mine/newShareOrder' },
  not_subscription_time: {},
  subscription_closed: {},
  payment_deadline_passed: {},
};

/** A server refusal inline on a new-share screen, with its way out; instants read in the market clock. */
export const Refusal = createRefusal({ namespace: NAMESPACE, keyPrefix: 'info.wayOut', wayOut: WAY_OUT, useHost });
