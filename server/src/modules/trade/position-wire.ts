/** The wire shape of spec §3 Position (orders and positions of /trade/...), valued at the live price while open. */
import type { I18nLang } from 'shared/messages';
import { Decimal, toWire } from 'shared/money';
import { marketClock } from '../market/calendar';
import type { MarketDataProvider } from '../market/provider';
import { iso } from '../wire/wire';
import { closableAt, closableFrom, closableReason } from './t-plus-one';
import { equityRatio, fullyPaid, liquidationPrice, pnlOf, pnlRate } from './trade-math';
import { STATE_OF, STATUS, type PositionRow } from './trade-repository';

const wireOrNull = (value: string | null | undefined): string | null =>
  value === null || value === undefined ? null : toWire(value);

/**
 * The margin figures of an open position at `price` (null for orders not open, or when the rule is unknown):
 * the live maintenance ratio (equity ÷ margin, 4 decimals), the liquidation price at which the matcher's margin
 * call closes it (trade-math liquidationPrice, the matcher's own function; 8 decimals rounded toward the safe
 * side; null for a long that no price can close) and the rule's ratio. All null for a fully paid long (cash).
 */
export function marginFigures(row: PositionRow, price: Decimal.Value, maintenanceRatio: Decimal.Value | undefined) {
  const open = row.status === STATUS.holding || row.status === STATUS.closing;
  // A fully paid long (1×: cash) is never margin-called: no ratio, no liquidation price to show.
  if (
    !open ||
    maintenanceRatio === undefined ||
    new Decimal(row.margin).isZero() ||
    fullyPaid(row.direction, row.leverage)
  )
    return { maintenance_ratio: null, liquidation_price: null, margin_call_ratio: null };
  const liquidation = liquidationPrice(row.direction, row.buyPrice, row.stockNum, row.margin, maintenanceRatio);
  const shown =
    row.direction === 'long'
      ? liquidation.toDecimalPlaces(8, Decimal.ROUND_CEIL)
      : liquidation.toDecimalPlaces(8, Decimal.ROUND_FLOOR);
  return {
    maintenance_ratio: equityRatio(row.direction, row.buyPrice, price, row.stockNum, row.margin)
      .toDecimalPlaces(4, Decimal.ROUND_HALF_UP)
      .toFixed(4),
    liquidation_price: shown.gt(0) ? toWire(shown) : null,
    margin_call_ratio: toWire(maintenanceRatio),
  };
}

/** Realised P&L after fees: the gross realised P&L less the opening and the closing fee (what the balance gained). */
export function netPnl(row: Pick<PositionRow, 'realisedPnl' | 'fee' | 'closeFee'>): Decimal {
  return new Decimal(row.realisedPnl ?? 0).minus(row.fee).minus(row.closeFee ?? 0);
}

export function positionToWire(
  provider: MarketDataProvider,
  row: PositionRow,
  lang: I18nLang = 'zh-CN',
  maintenanceRatio?: Decimal.Value,
  at: Date = new Date(),
) {
  const quantity = new Decimal(row.stockNum);
  const margin = new Decimal(row.margin);
  const quote = provider.quote(row.market, row.code, lang);
  const live = quote?.price ?? row.buyPrice;
  const open = row.status === STATUS.holding || row.status === STATUS.closing;
  const nowPrice = row.status === STATUS.closed ? row.sellPrice! : live;
  const pnl = open
    ? pnlOf(row.direction, row.buyPrice, nowPrice, quantity).toDecimalPlaces(8)
    : row.status === STATUS.closed
      ? new Decimal(row.realisedPnl!)
      : new Decimal(0);
  return {
    id: Number(row.id),
    order_no: row.orderNo,
    market: row.market,
    currency: row.currency,
    code: row.code,
    name: quote?.name ?? row.name,
    direction: row.direction,
    price_type: row.priceType,
    leverage: row.leverage,
    status: row.status,
    state: STATE_OF[row.status]!,
    stock_num: toWire(quantity),
    limit_price: wireOrNull(row.limitPrice),
    buy_price: toWire(row.buyPrice),
    margin: toWire(margin),
    cost: toWire(row.cost),
    fee: toWire(row.fee),
    close_fee: wireOrNull(row.closeFee),
    nowprice: toWire(nowPrice),
    market_value: toWire(new Decimal(nowPrice).times(quantity)),
    yingkui: toWire(pnl),
    pnl_rate: pnlRate(pnl, margin),
    sell_price: wireOrNull(row.sellPrice),
    protection: wireOrNull(row.protection),
    closed_by: row.closedBy,
    created_at: iso(row.createdAt)!,
    buy_time: iso(row.openedAt),
    close_requested_at: iso(row.closeRequestedAt),
    sell_time: iso(row.closedAt),
    cancelled_at: iso(row.cancelledAt),
    closable_from: closableFrom(row.market, row.openDate, row.closableFrom),
    closable_reason: closableReason(row.market, row.openDate, row.closableFrom),
    closable: row.status === STATUS.holding && closableAt(row.market, row.openDate, at, row.closableFrom),
    ...marginFigures(row, nowPrice, maintenanceRatio),
    // A day-trade order (its margin comes from the day's participation: no margin can be added).
    day_trade: row.dayTradeId !== null && row.dayTradeId !== undefined,
    // Issue 35: a 1× long is cash; a closed position's P&L after its opening and closing fees.
    fully_paid: fullyPaid(row.direction, row.leverage),
    net_pnl: row.status === STATUS.closed ? toWire(netPnl(row)) : null,
    // Issue 35: a block or new-share allotment is labelled as such, not as an ordinary limit order.
    source: row.source ?? 'order',
    // Issue 13 (trade-orders.ts): order type, trigger, OCO leg, validity, IFD exits, why cancelled.
    order_type: row.orderType ?? 'normal',
    trigger_price: wireOrNull(row.triggerPrice),
    triggered_at: iso(row.triggeredAt ?? null),
    filled_leg: row.filledLeg ?? null,
    valid_until: row.status === STATUS.pending ? (row.validUntil ?? null) : null,
    take_profit: wireOrNull(row.takeProfit),
    stop_loss: wireOrNull(row.stopLoss),
    cancel_reason: row.cancelReason ?? null,
    waiting_for_open: row.status === STATUS.pending && marketClock(row.market, at.getTime()).status !== 'open',
    simulated: provider.simulated,
  };
}
