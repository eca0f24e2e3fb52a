import { useState } from 'react';
import type { TradePosition } from 'shared/contract';
import type { Language, Market } from 'shared/mf';
import { formatMoney } from 'shared/money';
import { ConfirmDialog, SegmentedControl } from 'shared/ui';
import { QueryView } from 'shared/remote-kit';
import { NAMESPACE, Refusal, apiErrorOf, useHost, useRemoteTranslation } from '#lib';
import { useCancelOrderMutation } from '../api/cancel-order';
import { useGetTradeOrdersQuery } from '../api/get-orders';
import { ModifyOrderSheet } from './modify-order-sheet';
import { OrderItem } from './order-item';
import styles from './trade-orders.module.css';

type View = 'pending' | 'history';
/** Pending orders are re-read every few seconds while shown: a limit order fills when the price crosses it. */
const PENDING_POLL_MS = 5_000;

export interface TradeOrdersProps {
  market: Market;
}

/**
 * Orders of one market: pending orders with change (/trade/modify, in a sheet) and cancel (after a confirmation),
 * and the history of cancelled and filled orders (spec §4: order pending, then cancelled or expired; a filled order
 * becomes a position), each with its type, trigger, validity, exits and why it ended (issue 13).
 */
export function TradeOrders({ market }: TradeOrdersProps) {
  const { t } = useRemoteTranslation();
  const host = useHost();
  const language = host.getSession().language;
  const [view, setView] = useState<View>('pending');
  const { query, rows } = useOrderRows(market, view, language);
  const [cancelling, setCancelling] = useState<TradePosition | null>(null);
  const [cancel, cancelState] = useCancelOrderMutation();
  const [changing, setChanging] = useState<TradePosition | null>(null);

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
            <OrderItem
              key={order.id}
              order={order}
              market={market}
              language={language}
              cancelling={cancelState.isLoading && cancelling?.id === order.id}
              onCancel={() => setCancelling(order)}
              onChange={() => setChanging(order)}
            />
          ))}
        </ul>
      </QueryView>
      <CancelOrderDialog
        order={cancelling}
        busy={cancelState.isLoading}
        onConfirm={onConfirmCancel}
        onCancel={() => setCancelling(null)}
      />
      {changing ? <ModifyOrderSheet order={changing} onClose={() => setChanging(null)} /> : null}
    </div>
  );
}

/** The orders of the view: pending ones polled while shown, or the history of ended ones. */
function useOrderRows(market: Market, view: View, language: Language) {
  const pending = useGetTradeOrdersQuery(
    { market, status: 'pending', lang: language },
    { skip: view !== 'pending', pollingInterval: PENDING_POLL_MS, skipPollingIfUnfocused: true },
  );
  const history = useGetTradeOrdersQuery({ market, status: 'all', lang: language }, { skip: view !== 'history' });
  const query = view === 'pending' ? pending : history;
  const rows = (query.data?.list ?? []).filter((o) =>
    view === 'pending' ? o.state === 'pending' : o.state !== 'pending',
  );
  return { query, rows };
}

interface CancelOrderDialogProps {
  /** The order asked to be cancelled (the dialog is open while there is one). */
  order: TradePosition | null;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The confirmation before a pending order is cancelled: which stock, how many, at what price. */
function CancelOrderDialog({ order, busy, onConfirm, onCancel }: CancelOrderDialogProps) {
  const { t } = useRemoteTranslation();
  return (
    <ConfirmDialog
      open={order !== null}
      title={t('trade.orders.cancelTitle')}
      confirmLabel={t('trade.orders.cancelConfirm')}
      cancelLabel={t('trade.orders.keep')}
      tone="danger"
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      {order ? (
        <p>
          {t('trade.orders.cancelBody', {
            name: order.name,
            quantity: order.stock_num,
            price: formatMoney(order.limit_price ?? order.buy_price),
            currency: order.currency,
          })}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
