import { useState } from 'react';
import type { TradePosition } from 'shared/contract';
import type { Market } from 'shared/mf';
import { Decimal, formatMoney } from 'shared/money';
import { Button, ConfirmDialog, Money, SegmentedControl, StatRow, StatusBadge, type StatusTone } from 'shared/ui';
import { QueryView, formatMarketTime } from 'shared/remote-kit';
import { NAMESPACE, Refusal, apiErrorOf, useHost, useRemoteTranslation } from '#lib';
import { useCancelOrderMutation } from '../api/cancel-order';
import { useGetTradeOrdersQuery } from '../api/get-orders';
import styles from './trade-orders.module.css';

type View = 'pending' | 'history';
/** Pending orders are re-read every few seconds while shown: a limit order fills when the price crosses it. */
const PENDING_POLL_MS = 5_000;

const TONE: Record<TradePosition['state'], StatusTone> = {
  pending: 'pending',
  cancelled: 'neutral',
  holding: 'success',
  closing: 'info',
  closed: 'neutral',
};

export interface TradeOrdersProps {
  market: Market;
}

/**
 * Orders of one market: pending limit orders with cancel (after a confirmation), and the history of
 * cancelled and filled orders (spec §4: order pending, then cancelled; a filled order becomes a position).
 */
export function TradeOrders({ market }: TradeOrdersProps) {
  const { t } = useRemoteTranslation();
  const host = useHost();
  const language = host.getSession().language;
  const [view, setView] = useState<View>('pending');
  const pending = useGetTradeOrdersQuery(
    { market, status: 'pending', lang: language },
    { skip: view !== 'pending', pollingInterval: PENDING_POLL_MS, skipPollingIfUnfocused: true },
  );
  const history = useGetTradeOrdersQuery({ market, status: 'all', lang: language }, { skip: view !== 'history' });
  const query = view === 'pending' ? pending : history;
  const rows = (query.data?.list ?? []).filter((o) =>
    view === 'pending' ? o.state === 'pending' : o.state !== 'pending',
  );
  const [cancelling, setCancelling] = useState<TradePosition | null>(null);
  const [cancel, cancelState] = useCancelOrderMutation();

  const onConfirmCancel = async () => {
    if (!cancelling) return;
    const answer = await cancel({ id: cancelling.id });
    setCancelling(null);
    if ('data' in answer) host.toast('order_cancelled', { ns: 'msg' });
  };

  return (
    <div className={styles.wrap}>
      <SegmentedControl
        label={t('trade.orders.view')}
        value={view}
        onChange={setView}
        options={[
          { value: 'pending', label: t('trade.orders.pending') },
          { value: 'history', label: t('trade.orders.history') },
        ]}
      />
      <Refusal error={apiErrorOf(cancelState.error)} market={market} />
      <QueryView
        ns={NAMESPACE}
        query={query}
        count={rows.length}
        empty={{
          title: t(view === 'pending' ? 'trade.orders.emptyPending' : 'trade.orders.emptyHistory'),
          hint: t('trade.orders.emptyHint'),
          action: { label: t('trade.orders.browseQuotes'), to: '/home/home' },
        }}
      >
        <ul
          className={styles.list}
          aria-label={t(view === 'pending' ? 'trade.orders.pending' : 'trade.orders.history')}
        >
          {rows.map((order) => (
            <li key={order.id} className={styles.item}>
              <div className={styles.head}>
                <span className={styles.name}>
                  {order.name} <span className={styles.code}>{order.code}</span>
                </span>
                <StatusBadge label={t(`trade.state.${order.state}`)} tone={TONE[order.state]} />
              </div>
              <dl className={styles.figures}>
                <StatRow label={t('trade.orders.sideAndType')}>
                  {t('trade.orders.sideType', {
                    side: t(order.direction === 'long' ? 'trade.long' : 'trade.short'),
                    type: t(order.price_type === 'limit' ? 'trade.limit' : 'trade.market'),
                    leverage: t('trade.multiple', { value: order.leverage }),
                  })}
                </StatRow>
                <StatRow label={t(order.price_type === 'limit' ? 'trade.orders.limitPrice' : 'trade.orders.fillPrice')}>
                  <Money value={order.limit_price ?? order.buy_price} currency={order.currency} />
                </StatRow>
                <StatRow label={t('trade.quantity')}>
                  <span className="ds-num">{t('trade.sharesValue', { quantity: order.stock_num })}</span>
                </StatRow>
                <StatRow label={t('trade.orders.held')}>
                  <Money
                    value={
                      order.state === 'pending' ? new Decimal(order.margin).plus(order.fee).toFixed() : order.margin
                    }
                    currency={order.currency}
                  />
                </StatRow>
                <StatRow label={t('trade.orders.orderNo')}>
                  <span className="ds-num">{order.order_no}</span>
                </StatRow>
                <StatRow label={t('trade.orders.time')}>
                  {/* The market's clock naming its zone, with the device's time when it differs. */}
                  <span className={`ds-num ${styles.time}`}>
                    {formatMarketTime(order.cancelled_at ?? order.buy_time ?? order.created_at, market, language)}
                  </span>
                </StatRow>
              </dl>
              {order.state === 'pending' ? (
                <Button
                  variant="secondary"
                  className={styles.action}
                  onClick={() => setCancelling(order)}
                  busy={cancelState.isLoading && cancelling?.id === order.id}
                >
                  {t('trade.orders.cancel')}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      </QueryView>
      <ConfirmDialog
        open={cancelling !== null}
        title={t('trade.orders.cancelTitle')}
        confirmLabel={t('trade.orders.cancelConfirm')}
        cancelLabel={t('trade.orders.keep')}
        tone="danger"
        busy={cancelState.isLoading}
        onConfirm={onConfirmCancel}
        onCancel={() => setCancelling(null)}
      >
        {cancelling ? (
          <p>
            {t('trade.orders.cancelBody', {
              name: cancelling.name,
              quantity: cancelling.stock_num,
              price: formatMoney(cancelling.limit_price ?? cancelling.buy_price),
              currency: cancelling.currency,
            })}
          </p>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
