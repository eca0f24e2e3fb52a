import type { TradePosition } from 'shared/contract';
import { Money, StatRow, StatusBadge } from 'shared/ui';
import { useRemoteTranslation } from './i18n';
import styles from './order-info.module.css';

/**
 * What issue 13 added to an order or a position, as the orders list (features/trade) and the position detail
 * (features/positions) both show it: its type, trigger (and whether it triggered), validity, exits and an OCO's
 * filled leg as rows; waiting for the open, why it was cancelled, what closed it and "Lent" as chips.
 */

type Advanced = Pick<
  TradePosition,
  | 'state'
  | 'currency'
  | 'order_type'
  | 'price_type'
  | 'trigger_price'
  | 'triggered_at'
  | 'filled_leg'
  | 'valid_until'
  | 'take_profit'
  | 'stop_loss'
  | 'cancel_reason'
  | 'waiting_for_open'
  | 'closed_by'
  | 'source'
>;

/** The rows of an order's type, trigger, validity, exits and filled leg (each only when it applies). */
export function OrderInfoRows({ order }: { order: Advanced }) {
  const { t } = useRemoteTranslation();
  return (
    <>
      <StatRow label={t('trade.orderType')}>
        {/* A block-trade or new-share allotment was never an order: it says what it was (issue 35). */}
        {order.source === 'block' || order.source === 'new_share'
          ? t(`orderInfo.source.${order.source}`)
          : `${t(`trade.adv.type.${order.order_type ?? 'normal'}`)} · ${t(`trade.${order.price_type}`)}`}
      </StatRow>
      {order.trigger_price ? (
        <StatRow label={t('trade.adv.trigger')}>
          {/* May wrap after the price at 360 px. Not triggered says "yet" only while the order waits. */}
          <Money value={order.trigger_price} currency={order.currency} />
          {order.triggered_at
            ? ` · ${t('orderInfo.triggered')}`
            : order.state === 'pending'
              ? ` · ${t('orderInfo.untriggered')}`
              : null}
        </StatRow>
      ) : null}
      {order.state === 'pending' ? (
        <StatRow label={t('trade.adv.validity')}>
          <span className="ds-num">
            {order.valid_until
              ? t('trade.adv.validUntilValue', { date: order.valid_until })
              : t('trade.adv.validToday')}
          </span>
        </StatRow>
      ) : null}
      {order.take_profit ? (
        <StatRow label={t('trade.adv.takeProfit')}>
          <Money value={order.take_profit} currency={order.currency} />
        </StatRow>
      ) : null}
      {order.stop_loss ? (
        <StatRow label={t('trade.adv.stopLoss')}>
          <Money value={order.stop_loss} currency={order.currency} />
        </StatRow>
      ) : null}
      {order.order_type === 'oco' && order.filled_leg ? (
        <StatRow label={t('orderInfo.ocoResult')}>{t(`orderInfo.leg.${order.filled_leg}`)}</StatRow>
      ) : null}
    </>
  );
}

/** The key of what ended an order or a position (cancel reason, closed by), if any. */
export function endedKey(order: Pick<Advanced, 'state' | 'cancel_reason' | 'closed_by'>): string | undefined {
  if (order.state === 'cancelled' && order.cancel_reason) return `orderInfo.cancel.${order.cancel_reason}`;
  if (order.state === 'closed' && order.closed_by) return `orderInfo.closedBy.${order.closed_by}`;
  return undefined;
}

/** Chips: waiting for the open, why it was cancelled or what closed it, lent to the house. */
export function OrderChips({ order, lent }: { order: Partial<Advanced>; lent?: boolean }) {
  const { t } = useRemoteTranslation();
  const ended = order.state ? endedKey(order as Advanced) : undefined;
  if (!order.waiting_for_open && !ended && !lent) return null;
  return (
    <span className={styles.chips}>
      {order.waiting_for_open && order.state === 'pending' ? (
        <StatusBadge label={t('orderInfo.waiting')} tone="pending" />
      ) : null}
      {ended ? (
        <StatusBadge
          label={t(ended)}
          tone={order.closed_by === 'stop_loss' || order.closed_by === 'margin_call' ? 'warning' : 'neutral'}
        />
      ) : null}
      {lent ? <StatusBadge label={t('orderInfo.lent')} tone="info" /> : null}
    </span>
  );
}
