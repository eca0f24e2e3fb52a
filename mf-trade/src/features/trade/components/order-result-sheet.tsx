import { useNavigate } from 'react-router';
import type { WithMessage } from 'shared/api';
import type { TradePosition } from 'shared/contract';
import type { Market } from 'shared/mf';
import { Decimal, shareCount } from 'shared/money';
import { Money, ResultSheet, type ResultRow } from 'shared/ui';
import { formatMarketTime } from 'shared/remote-kit';
import { useRemoteTranslation } from '#lib';
import styles from './trade-panel.module.css';

/** What the trade panel keeps of a placed order: the server's answer, the stock as the screen names it, when the
 * market opens next (for an order that waits for it). */
export interface PlacedOrder {
  answer: WithMessage<TradePosition>;
  /** "Name (code)" in the reader's language (the quote the form traded on). */
  stock: string;
  nextOpen: string | null;
}

/**
 * After an order was placed (issue 35: every money action confirms and reports): the server's message (order_placed)
 * as the title and what it answered, instead of a toast that disappears: the stock, the order number, side and
 * leverage, quantity, the price (the fill price of a filled order, the limit of a waiting one, "at market" for a
 * waiting market order), the trigger of a stop, what was frozen and the fee paid, and a button to the holdings (a
 * filled order) or the orders (a waiting one). An order waiting for the open says when it opens (order_waiting).
 */
export function OrderResultSheet({
  placed,
  market,
  onClose,
}: {
  placed: PlacedOrder | undefined;
  market: Market;
  onClose: () => void;
}) {
  const { t, i18n } = useRemoteTranslation();
  const navigate = useNavigate();
  if (!placed) return null;
  const { answer, stock, nextOpen } = placed;
  const p = answer.data;
  const pending = p.state === 'pending';
  const money = (value: string) => <Money value={value} currency={p.currency} />;
  const price: ResultRow = !pending
    ? { id: 'price', label: t('trade.orders.fillPrice'), value: money(p.buy_price) }
    : p.limit_price !== null
      ? { id: 'price', label: t('trade.orders.limitPrice'), value: money(p.limit_price) }
      : { id: 'price', label: t('trade.adv.priceType'), value: t('trade.placed.atMarket') };
  const rows: ResultRow[] = [
    { id: 'stock', label: t('trade.confirm.stock'), value: stock },
    {
      id: 'order',
      label: t('trade.orders.orderNo'),
      value: <span className="ds-num ds-num--wrap">{p.order_no}</span>,
    },
    {
      id: 'side',
      label: t('trade.direction'),
      value: `${t(p.direction === 'long' ? 'trade.long' : 'trade.short')} · ${
        p.fully_paid ? t('trade.cashMultiple') : t('trade.multiple', { value: p.leverage })
      }`,
    },
    {
      id: 'type',
      label: t('trade.orderType'),
      value: `${t(`trade.adv.type.${p.order_type ?? 'normal'}`)} · ${t(`trade.${p.price_type}`)}`,
    },
    {
      id: 'quantity',
      label: t('trade.quantity'),
      value: <span className="ds-num">{t('trade.sharesValue', shareCount(p.stock_num))}</span>,
    },
    price,
    ...(p.trigger_price ? [{ id: 'trigger', label: t('trade.adv.trigger'), value: money(p.trigger_price) }] : []),
    // A waiting order holds its margin and its fee; a filled one holds the margin and has paid the fee.
    {
      id: 'frozen',
      label: t('trade.hold.frozen'),
      value: money(pending ? new Decimal(p.margin).plus(p.fee).toFixed() : p.margin),
    },
    ...(pending ? [] : [{ id: 'fee', label: t('trade.hold.feeNow'), value: money(p.fee) }]),
  ];
  const tab = pending ? 'orders' : 'holdings';
  return (
    <ResultSheet
      open
      tone={pending ? 'pending' : 'done'}
      title={t(`msg:${answer.msg ?? 'order_placed'}`)}
      rows={rows}
      next={{
        label: t(pending ? 'trade.placed.toOrders' : 'trade.placed.toPositions'),
        onClick: () => {
          onClose();
          navigate(`/position/index?market=${p.market}&tab=${tab}`);
        },
      }}
      onClose={onClose}
    >
      <p className={styles.hint}>
        {p.waiting_for_open
          ? t('msg:order_waiting', { opens: formatMarketTime(nextOpen, market, i18n.language) })
          : t(pending ? 'trade.placed.pendingNote' : 'trade.placed.filledNote')}
      </p>
    </ResultSheet>
  );
}
