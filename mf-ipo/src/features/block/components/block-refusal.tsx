import { createRefusal, type RefusalProps, type WayOut } from 'shared/remote-kit';
import { NAMESPACE, lotCount, useHost, useRemoteTranslation } from '#lib';

/** The way out of each refusal of a block application: a hint (`blockWayOut.<key>.text`) and where to go next. */
const WAY_OUT: Record<string, WayOut> = {
  channel_password_wrong: {},
  channel_password_locked: {},
  block_trade_closed: { to: '/home/large' },
  insufficient_buy_quota: {},
  order_under_review: {},
  risk_disclosure_required: {},
};

const Refusal = createRefusal({
  namespace: NAMESPACE,
  keyPrefix: 'blockWayOut',
  wayOut: WAY_OUT,
  useHost,
});

/**
 * A refusal of a block application inline, with its way out. Instants in it (the end of a channel-password lock)
 * read in the listing's market clock, passed as `market`. The lots left of insufficient_buy_quota (the server's
 * `left`, a string) are named here as `lots`, in the singular for one lot ("Only 1 lot left"): the way-out text
 * only gets the server's string values, which do not choose a plural.
 */
export function BlockRefusal({ error, ...props }: RefusalProps) {
  const { t } = useRemoteTranslation();
  if (error?.msg !== 'insufficient_buy_quota') return <Refusal error={error} {...props} />;
  const lots = t('blockInfo.lotCount', lotCount(error.values?.left ?? '—'));
  return <Refusal error={{ ...error, values: { ...error.values, lots } }} {...props} />;
}
