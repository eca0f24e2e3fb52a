import type { TradePosition } from 'shared/contract';
import type { Market } from 'shared/mf';
import { Decimal, shareCount } from 'shared/money';
import { Button, Money, StatRow, StatusBadge, type StatusTone } from 'shared/ui';
import { formatMarketTime } from 'shared/remote-kit';
import { OrderChips, OrderInfoRows, useRemoteTranslation } from '#lib';
import styles from './trade-orders.module.css';

const TONE: Record<TradePosition['state'], StatusTone> = {
  pending: 'pending',
  cancelled: 'neutral',
  holding: 'success',
  closing: 'info',
  closed: 'neutral',
};

export interface OrderItemProps {
  order: TradePosition;
  market: Market;
  language: string;
  cancelling: boolean;
  onCancel: () => void;
  onChange: () => void;
}

/**
 * One order: its state and chips (waiting for the open, why it was cancelled, what closed it), side, type, prices,
 * trigger, validity, exits, quantity, hold, number and time; a pending one offers Change and Cancel.
 */
export function OrderItem({ order, market, language, cancelling, onCancel, onChange }: OrderItemProps) {
  const { t } = useRemoteTranslation();
  const granted = order.source === 'block' || order.source === 'new_share';
  return (
    <li className={styles.item}>
      <div className={styles.head}>
        <span className={styles.name}>
          {order.name} <span className={styles.code}>{order.code}</span>
        </span>
        <span className={styles.badges}>
          <StatusBadge label={t(`trade.state.${order.state}`)} tone={TONE[order.state]} />
          {granted ? <StatusBadge label={t(`positions.tag.${order.source}`)} tone="info" /> : null}
          <OrderChips order={order} />
        </span>
      </div>
      <dl className={styles.figures}>
        <StatRow label={t('trade.direction')}>
          {`${t(order.direction === 'long' ? 'trade.long' : 'trade.short')} · ${t('trade.multiple', {
            value: order.leverage,
          })}`}
        </StatRow>
        <OrderInfoRows order={order} />
        {granted ? (
          // An allotment's price is the block or issue price it was granted at, not a limit.
          <StatRow label={t('trade.orders.fillPrice')}>
            <Money value={order.buy_price} currency={order.currency} />
          </StatRow>
        ) : order.price_type === 'limit' || order.state !== 'pending' ? (
          <StatRow label={t(order.price_type === 'limit' ? 'trade.orders.limitPrice' : 'trade.orders.fillPrice')}>
            <Money value={order.limit_price ?? order.buy_price} currency={order.currency} />
          </StatRow>
        ) : null}
        <StatRow label={t('trade.quantity')}>
          <span className="ds-num">{t('trade.sharesValue', shareCount(order.stock_num))}</span>
        </StatRow>
        <StatRow label={t('trade.orders.held')}>
          <Money
            value={order.state === 'pending' ? new Decimal(order.margin).plus(order.fee).toFixed() : order.margin}
            currency={order.currency}
          />
        </StatRow>
        <StatRow label={t('trade.orders.orderNo')}>
          <span className="ds-num ds-num--wrap">{order.order_no}</span>
        </StatRow>
        <StatRow label={t('trade.orders.time')}>
          {/* The market's clock naming its zone, with the device's time when it differs. */}
          <span className={`ds-num ${styles.time}`}>
            {formatMarketTime(order.cancelled_at ?? order.buy_time ?? order.created_at, market, language)}
          </span>
        </StatRow>
      </dl>
      {order.state === 'pending' ? (
        <div className={styles.actions}>
          <Button variant="secondary" onClick={onChange} aria-label={t('orderInfo.modify.named', { name: order.name })}>
            {t('orderInfo.modify.action')}
          </Button>
          <Button variant="secondary" onClick={onCancel} busy={cancelling}>
            {t('trade.orders.cancel')}
          </Button>
        </div>
      ) : null}
    </li>
  );
}
