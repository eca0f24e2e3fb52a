/**
 * A holding granted outside the order book: an approved block trade or an allotted new share
 * (0011_block_trades.sql, docs/decisions/0017-block-trades.md). It is an ordinary long position at
 * `price` (status 0 holding), so /trade/userstocklist lists it, the matcher values it and closing it
 * works like any position: its money is a pending 'margin' hold of price × quantity ÷ leverage (the
 * cost, counted in frozen as "cost of holdings"; no margin beyond it at 1×), released at close with
 * the P&L booked against the house 'trading' account (0009). No opening fee (the price is all-in); the
 * closing fee is the trading fee rate of the day it was granted.
 *
 * The caller runs it in its money transaction after locking the user's accounts and releasing the
 * money it held for the application (voidHold), so the margin hold takes the same money back:
 * `available` is unchanged and the hold moves from the application to the holding. It refuses with
 * insufficient_balance when the money is not there.
 */
import { sql } from 'drizzle-orm';
import { Decimal, roundMoney, type Currency } from 'shared/money';
import type { Tx } from '../../db/database';
import { queryRows } from '../../db/query';
import { newOrderNo } from '../common/order-no';
import { getUserAccountId, placeHold } from '../ledger/ledger-repository';
import type { MarketId } from '../market/calendar';
import { POSITION_COLUMNS, readRules, toPosition, type PositionRow } from './trade-repository';
import { tradeDateAt } from './t-plus-one';

export interface GrantedHolding {
  userId: bigint;
  market: MarketId;
  code: string;
  /** Whole shares. */
  quantity: Decimal | string;
  /** The price the holding is granted at (block price, issue price), in `currency`. */
  price: Decimal | string;
  currency: Currency;
  source: 'block' | 'new_share';
  /** No close before this instant (a new share's lock-up); null or absent: only the market's T+1. */
  closableFrom?: Date | null;
  /** The stock's name as stored on the row (lists show the market data's name in the reader's language). */
  name?: string;
  /** 1 unless financed: the margin is the cost ÷ leverage (a financed block, 0017). */
  leverage?: number;
  /** Booking time (the app clock). */
  at: Date;
  /** Reference of the hold (defaults to the position's order number). */
  reference?: string;
}

/** The margin a granted holding holds: price × quantity ÷ leverage, rounded half-even to the minor unit. */
export function grantedMargin(price: Decimal | string, quantity: Decimal | string, currency: Currency, leverage = 1) {
  return roundMoney(new Decimal(price).times(quantity).dividedBy(leverage), currency);
}

/** Inserts the holding and its margin hold; answers the position row. */
export async function insertGrantedHolding(tx: Tx, holding: GrantedHolding): Promise<PositionRow> {
  const quantity = new Decimal(holding.quantity);
  const price = new Decimal(holding.price);
  const leverage = holding.leverage ?? 1;
  if (!quantity.isInteger() || quantity.lte(0)) throw new Error(`granted holding: bad quantity ${quantity.toFixed()}`);
  if (price.lte(0)) throw new Error(`granted holding: bad price ${price.toFixed()}`);
  if (!Number.isInteger(leverage) || leverage < 1) throw new Error(`granted holding: bad leverage ${leverage}`);
  const margin = grantedMargin(price, quantity, holding.currency, leverage);
  const orderNo = newOrderNo('T', holding.at);
  const rules = await readRules(tx);
  const holdId = await placeHold(tx, {
    accountId: await getUserAccountId(tx, holding.userId, holding.currency),
    currency: holding.currency,
    amount: margin.toFixed(),
    reason: 'margin',
    reference: holding.reference ?? orderNo,
    at: holding.at,
  });
  const at = holding.at.toISOString();
  const [row] = await queryRows<PositionRow>(
    tx,
    sql`INSERT INTO positions (user_id, order_no, market, currency, code, name, direction, price_type, leverage,
                               stock_num, buy_price, limit_price, cost, margin, fee, fee_rate, status, hold_id,
                               created_at, opened_at, open_date, source, closable_from)
        VALUES (${holding.userId}, ${orderNo}, ${holding.market}, ${holding.currency}, ${holding.code},
                ${holding.name ?? holding.code}, 'long', 'limit', ${leverage}, ${quantity.toFixed()}::numeric,
                ${price.toFixed()}::numeric, ${price.toFixed()}::numeric, ${margin.toFixed()}::numeric,
                ${margin.toFixed()}::numeric, 0, ${rules.feeRate.toFixed()}::numeric, 0, ${holdId},
                ${at}::timestamptz, ${at}::timestamptz, ${tradeDateAt(holding.market, holding.at)}::date,
                ${holding.source}, ${holding.closableFrom ? holding.closableFrom.toISOString() : null}::timestamptz)
        RETURNING ${POSITION_COLUMNS}`,
  );
  return toPosition(row!);
}
