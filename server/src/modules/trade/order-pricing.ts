/**
 * How an order is priced before it is booked (issue 35: the confirm sheet shows what will be frozen, by the rule
 * the placement books with). Placement (place-order.ts placeOrder) and /trade/preview both call these two
 * functions, so the figure a user confirms is the figure the ledger holds.
 *
 *   pricedOrder  the checks that need no database (stock, prices against the session's limits, trigger, OCO legs,
 *                exits, validity) and the price the money is held at (order-rules.ts holdPrice)
 *   holdFigures  margin and fee at that price (trade-math.ts openFigures) and what is frozen now: margin + fee for
 *                a waiting order, the margin for one that fills now (its fee is paid at once)
 */
import type { HOLD_BASES } from 'shared/contract';
import { Decimal, MARKET_CURRENCY, type Currency } from 'shared/money';
import { BusinessError } from '../../errors';
import type { InputOf } from '../../contract-input';
import type { MarketDataProvider } from '../market/provider';
import { orderSession, type OrderSession } from './order-session';
import {
  checkExits,
  checkOrderPrices,
  checkValidity,
  entryReference,
  hasMarketComponent,
  holdPrice,
  optionalDecimal,
  type OrderPrices,
} from './order-rules';
import { openFigures, type OpenFigures } from './trade-math';

export type PlaceOrderInput = InputOf<'placeOrder'>;
export type HoldBasis = (typeof HOLD_BASES)[number];

export interface PricedOrder {
  quantity: Decimal;
  currency: Currency;
  session: OrderSession;
  order: OrderPrices;
  takeProfit: Decimal | null;
  stopLoss: Decimal | null;
  /** Whether the order waits (only a normal market order while the market is open fills at once). */
  pending: boolean;
  /** The last date it may fill on (the session's date by default). */
  validUntil: string;
  /** The price its money is held at (a fill now: the last price). */
  price: Decimal;
  basis: HoldBasis;
  /** The buffer of a market without limits (0 unless the basis is `buffer`). */
  buffer: Decimal;
}

/**
 * Checks an order's prices and validity and finds the price its money is held at. `readBuffer` reads the site's
 * market_order_buffer (only asked for when the market has no upper limit). Refuses as the placement does.
 */
export async function pricedOrder(
  provider: MarketDataProvider,
  input: PlaceOrderInput,
  at: Date,
  readBuffer: () => Promise<Decimal>,
): Promise<PricedOrder> {
  const quantity = new Decimal(input.quantity);
  const currency: Currency = MARKET_CURRENCY[input.market];
  // The session the order trades in (today's while open or at lunch, else the next one): its limits apply.
  const session = orderSession(provider, input.market, input.code, at);
  const limit = input.price_type === 'limit' ? new Decimal(input.price!) : undefined;
  const orderType = input.order_type ?? 'normal';
  const trigger = orderType !== 'normal' && input.trigger_price ? new Decimal(input.trigger_price) : undefined;
  const order: OrderPrices = { direction: input.side, orderType, priceType: input.price_type, limit, trigger };
  checkOrderPrices(session, order);
  const takeProfit = optionalDecimal(input.take_profit) ?? null;
  const stopLoss = optionalDecimal(input.stop_loss) ?? null;
  checkExits(input.side, entryReference(order, session), { takeProfit, stopLoss });
  const pending = !(session.status === 'open' && orderType === 'normal' && input.price_type === 'market');
  const validUntil = checkValidity(session, input.valid_until);
  const anyPrice = pending && hasMarketComponent(order);
  const buffer = anyPrice && session.limitUp === null ? await readBuffer() : new Decimal(0);
  const price = pending ? holdPrice(order, session, buffer) : new Decimal(session.quote.price);
  if (!price.isPositive() || price.isZero()) throw new BusinessError('price_unavailable');
  const basis: HoldBasis = !pending ? 'fill' : !anyPrice ? 'limit' : session.limitUp !== null ? 'limit_up' : 'buffer';
  return { quantity, currency, session, order, takeProfit, stopLoss, pending, validUntil, price, basis, buffer };
}

export interface HoldFigures {
  figures: OpenFigures;
  /** What is frozen now: margin + fee (waiting) or the margin (a fill now). */
  held: Decimal;
  /** The fee booked at once (a fill now with a fee), else undefined. */
  feeNow: Decimal | undefined;
}

/** Margin, fee and what is frozen now, at the order's hold price with the trading rules' fee rate. */
export function holdFigures(priced: PricedOrder, leverage: number, feeRate: Decimal.Value): HoldFigures {
  const figures = openFigures(priced.price, priced.quantity, leverage, feeRate, priced.currency);
  const held = priced.pending ? figures.margin.plus(figures.fee) : figures.margin;
  const feeNow = !priced.pending && !figures.fee.isZero() ? figures.fee : undefined;
  return { figures, held, feeNow };
}
