import { createRefusal, type WayOut } from 'shared/remote-kit';
import { useHost } from './host';
import { NAMESPACE } from './i18n';

/**
 * The way out of each trading refusal: a translated hint (`trade.wayOut.<key>.text`) and where to go
 * next (`trade.wayOut.<key>.action`), over the common ones (shared COMMON_WAY_OUT: money, identity, account).
 */
const WAY_OUT: Record<string, WayOut> = {
  not_trading_time: {},
  price_beyond_limit: {},
  t1_cannot_sell: {},
  too_frequent: {},
};

/** A trading refusal inline where it happened, with its way out (shared/remote-kit createRefusal). */
export const Refusal = createRefusal({
  namespace: NAMESPACE,
  keyPrefix: 'trade.wayOut',
  wayOut: WAY_OUT,
  useHost,
});
export type { RefusalProps } from 'shared/remote-kit';
