/**
 * The asset calls' row mappers (spec §7's list shapes): each repository row to its wire form, money as
 * decimal strings (toWire), a time not yet reached as ''. Holdings are valued at the price source's last
 * price (the buy price while there is no quote).
 */
import { MARKET_CURRENCY, Decimal, toWire, type Currency } from 'shared/money';
import type { I18nLang } from 'shared/messages';
import type {
  CopyTradeOrderRow,
  CreditOrderRow,
  NewShareOrderRow,
  PositionRow,
  WithdrawalRow,
} from './assets-repository';
import type { PriceSource } from './price-source';
import { fullyPaid, pnlRate } from '../trade/trade-math';
import { marginFigures, netPnl } from '../trade/position-wire';
import { closableAt, closableFrom, closableReason } from '../trade/t-plus-one';
import type { MarketId } from '../market/calendar';
import { iso } from '../wire/wire';

export type Market = keyof typeof MARKET_CURRENCY;

/** What valuing a holding needs: the last prices (and names) and the clock (for closable). */
export interface AssetsDeps {
  prices: PriceSource;
  now: () => Date;
}

export const wire = (value: string | null | undefined): string => toWire(value ?? '0');
/** These lists read '' for a time not yet reached (spec §7's shapes), not null. */
const isoOrEmpty = (value: Date | null | undefined): string => iso(value) ?? '';

/** The market's currency (spec §9: JPY, USD, CNY). */
export const currencyOf = (market: Market): Currency => MARKET_CURRENCY[market];

/** A new-share subscription's wire form. */
export const newStockOf = (row: NewShareOrderRow) => ({
  id: String(row.id),
  order_no: row.orderNo,
  code: row.code,
  name: row.name,
  status: row.status,
  // spec §3: '-' means nothing subscribed yet.
  rjmoney: row.rjmoney === null ? '-' : wire(row.rjmoney),
  subscription_price: wire(row.subscriptionPrice),
  quantity: wire(row.quantity),
  allotted_quantity: wire(row.allottedQuantity),
  created_at: isoOrEmpty(row.createdAt),
});

/** A withdrawal's wire form. */
export const withdrawalOf = (row: WithdrawalRow) => ({
  id: String(row.id),
  order_no: row.orderNo,
  status: row.status,
  money: wire(row.money),
  currency: row.currency,
  bank_name: row.bankName,
  card_number: row.cardNumberMasked,
  reject_reason: row.rejectReason ?? '',
  created_at: isoOrEmpty(row.createdAt),
});

/** A copy-trade subscription's wire form. */
export const productOf = (row: CopyTradeOrderRow) => ({
  id: String(row.id),
  order_no: row.orderNo,
  status: row.status,
  money: wire(row.money),
  product_name: row.productName,
  issuer: row.issuer,
  lock_days: row.lockDays,
  min_investment: wire(row.minInvestment),
  deadline: isoOrEmpty(row.deadline),
  daily_profit: wire(row.dailyProfit),
  total_profit: wire(row.totalProfit),
  created_at: isoOrEmpty(row.createdAt),
});

/** A credit (borrowing) order's wire form. */
export const creditOf = (row: CreditOrderRow) => ({
  id: String(row.id),
  order_no: row.orderNo,
  status: row.status,
  credit: wire(row.credit),
  code: row.code,
  name: row.name,
  quantity: wire(row.quantity),
  created_at: isoOrEmpty(row.createdAt),
  // a borrowing's terms (docs/decisions/0023): fee accrued (active) or paid, and the return date
  fee: wire(row.status === 0 ? row.feeAccrued : row.feePaid),
  return_due: isoOrEmpty(row.returnDue),
});

/** A holding valued at the last price: P&L is signed by direction (a short gains when price falls). */
export function holdingOf({ prices, now }: AssetsDeps, row: PositionRow, lang: I18nLang, maintenanceRatio?: Decimal) {
  const buyPrice = new Decimal(row.buyPrice);
  const nowPrice = new Decimal(prices.lastPrice(row.market, row.code) ?? row.buyPrice);
  const quantity = new Decimal(row.stockNum);
  const perShare = row.direction === 'long' ? nowPrice.minus(buyPrice) : buyPrice.minus(nowPrice);
  return {
    id: String(row.id),
    order_no: row.orderNo,
    code: row.code,
    name: prices.nameOf?.(row.market, row.code, lang) ?? row.name,
    status: row.status,
    direction: row.direction,
    leverage: row.leverage,
    nowprice: toWire(nowPrice),
    stock_num: toWire(quantity),
    buy_price: toWire(buyPrice),
    cost: wire(row.cost),
    market_value: toWire(nowPrice.times(quantity)),
    yingkui: toWire(perShare.times(quantity)),
    // Trading positions (0006_trading.sql): initial margin, opening fee, P&L as % of the margin.
    margin: wire(row.margin),
    fee: wire(row.fee),
    pnl_rate: pnlRate(perShare.times(quantity), row.margin),
    buy_time: isoOrEmpty(row.openedAt ?? row.createdAt),
    // China's T+1 and a new share's lock-up: the first local date it may be closed (null: no such
    // rule), which of the two sets it, and whether it may now
    closable_from: closableFrom(row.market as MarketId, row.openDate, row.closableFrom),
    closable_reason: closableReason(row.market as MarketId, row.openDate, row.closableFrom),
    closable: closableAt(row.market as MarketId, row.openDate, now(), row.closableFrom),
    // Live maintenance ratio, liquidation price and the rule's ratio (the matcher's own arithmetic)
    ...marginFigures(row, nowPrice, maintenanceRatio),
    // Issue 35: a 1× long is cash (no liquidation price, no add margin); a day-trade position is tagged
    fully_paid: fullyPaid(row.direction, row.leverage),
    day_trade: row.dayTradeId !== null && row.dayTradeId !== undefined,
    // Where it came from: a block-trade or new-share allotment is tagged so (not an ordinary limit order).
    source: row.source ?? 'order',
  };
}

export type Holding = ReturnType<typeof holdingOf>;

/** A closed position's wire form: realised P&L gross and after the opening and closing fees. */
export function closedHoldingOf({ prices }: Pick<AssetsDeps, 'prices'>, row: PositionRow, lang: I18nLang) {
  return {
    id: String(row.id),
    order_no: row.orderNo,
    code: row.code,
    name: prices.nameOf?.(row.market, row.code, lang) ?? row.name,
    status: row.status,
    direction: row.direction,
    leverage: row.leverage,
    stock_num: wire(row.stockNum),
    buy_price: wire(row.buyPrice),
    sell_price: wire(row.sellPrice),
    yingkui: wire(row.realisedPnl),
    // Issue 35: after the opening and closing fees (what the balance gained)
    net_pnl: toWire(netPnl(row)),
    day_trade: row.dayTradeId !== null && row.dayTradeId !== undefined,
    margin: wire(row.margin),
    fee: wire(row.fee),
    close_fee: wire(row.closeFee),
    pnl_rate: pnlRate(row.realisedPnl ?? '0', row.margin),
    closed_by: row.closedBy,
    buy_time: isoOrEmpty(row.openedAt ?? row.createdAt),
    sell_time: isoOrEmpty(row.closedAt),
  };
}
