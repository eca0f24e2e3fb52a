/** The wire shape of spec §3 Position (orders and positions of /trade/...), valued at the live price while open. */
import type { I18nLang } from 'shared/messages';
import { Decimal, toWire } from 'shared/money';
import type { MarketDataProvider } from '../market/provider';
import { iso } from '../wire/wire';
import { closableFrom, closableReason } from './t-plus-one';
import { pnlOf, pnlRate } from './trade-math';
import { STATE_OF, STATUS, type PositionRow } from './trade-repository';

const wireOrNull = (value: string | null | undefined): string | null =>
  value === null || value === undefined ? null : toWire(value);

export function positionToWire(provider: MarketDataProvider, row: PositionRow, lang: I18nLang = 'zh-CN') {
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
    simulated: provider.simulated,
  };
}
