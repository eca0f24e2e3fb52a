/**
 * Area /trade/ (holdings part): the list calls of spec §7 (new-share subscriptions, copy-trade and
 * credit-stock orders, open and closed holdings), fed by the same positions and live prices as the
 * orders part (trade.ts). Every call needs a session.
 */
import { z } from 'zod';
import { decimalString, langField, marketPayload } from '../common';
import { copyOrder } from './copy';
import { newShareApplication } from './ipo';
import { positionSource } from './trade';

/**
 * /trade/usernewstocklist: the user's new-share subscriptions with every field of ipo.ts
 * `newShareApplication` (id as a string here); status 1 counted; rjmoney '-' means 0 (spec §3).
 */
export const newStockOrder = newShareApplication.extend({ id: z.string() }).passthrough();
/**
 * /trade/userproductlist: the user's copy-trade (follow) orders with every field of copytrade.ts
 * `copyOrder`: status 0 active (money counted in frozen), product_name in the reader's language.
 */
export const productOrder = copyOrder;
/** /trade/ustockslist: credit-stock orders, status 0 active. */
export const creditOrder = z.object({ id: z.string(), status: z.number().int(), credit: decimalString }).passthrough();
/**
 * A holding (spec §3): status 0 means holding. `closable_from` is the first local date it may be
 * closed under China's T+1 or a new share's lock-up, whichever is later (null where neither
 * applies), `closable_reason` which of the two, and `closable` whether it may be closed now.
 */
export const holding = z
  .object({
    status: z.number().int(),
    nowprice: decimalString,
    stock_num: decimalString,
    buy_price: decimalString,
    yingkui: decimalString,
    closable_from: z.string().nullable().optional(),
    closable_reason: z.enum(['lockup', 't_plus_one']).nullable().optional(),
    closable: z.boolean().optional(),
    /** Live equity ÷ margin, the margin call's liquidation price and rule ratio (as trade.ts tradePosition). */
    maintenance_ratio: decimalString.nullable().optional(),
    liquidation_price: decimalString.nullable().optional(),
    margin_call_ratio: decimalString.nullable().optional(),
    /** Issue 35: a 1× long is cash (no liquidation price, no add margin); a day-trade position is tagged. */
    fully_paid: z.boolean().optional(),
    day_trade: z.boolean().optional(),
    /** Where it came from: an order, a block-trade or a new-share allotment (as trade.ts tradePosition `source`). */
    source: positionSource.optional(),
  })
  .passthrough();

export const newStockList = z.array(newStockOrder);
export const productList = z.array(productOrder);
export const creditList = z.array(creditOrder);
/**
 * /trade/userstocklist answers a keyed object of holdings (status 0 holding, 1 preparing to close)
 * plus ccsz and fdyk, and pending_frozen: the money held by pending limit orders (frozen, spec §4).
 */
export const holdingsAnswer = z.object({
  list: z.record(z.string(), holding),
  ccsz: decimalString,
  fdyk: decimalString,
  pending_frozen: decimalString.optional(),
});
/**
 * /trade/userstocklists answers the realised (historical) P&L lsyk (before fees, as each row's yingkui) and, since
 * issue 35, lsyk_net: after the opening and closing fees (Σ each row's net_pnl = yingkui − fee − close_fee), what
 * the balance actually gained.
 */
export const holdingsHistoryAnswer = z.object({
  list: z.array(z.record(z.string(), z.unknown())),
  lsyk: decimalString,
  lsyk_net: decimalString.optional(),
});

/**
 * spec §7 `type`, and optionally `tab`: records (every subscription, the default) or allotments (the
 * drawn ones); `lang` names the stocks.
 */
export const newStockListRequest = marketPayload.extend({
  tab: z.enum(['records', 'allotments'], { error: 'field_invalid' }).default('records'),
  lang: langField,
});
/** The holdings calls keep spec §7's `type` and may name the reader's language for stock names. */
const holdingsRequest = marketPayload.extend({ lang: langField });

export const TRADE_HOLDINGS_ENDPOINTS = {
  newStockList: {
    path: '/trade/usernewstocklist',
    auth: true,
    request: newStockListRequest,
    data: newStockList,
    summary: 'The user’s new-share subscriptions',
  },
  productList: {
    path: '/trade/userproductlist',
    auth: true,
    request: holdingsRequest,
    data: productList,
    summary: 'The user’s copy-trade orders',
  },
  creditList: {
    path: '/trade/ustockslist',
    auth: true,
    request: marketPayload,
    data: creditList,
    summary: 'The user’s credit-stock orders',
  },
  holdings: {
    path: '/trade/userstocklist',
    auth: true,
    request: holdingsRequest,
    data: holdingsAnswer,
    summary: 'Open holdings keyed by id, with ccsz and fdyk',
  },
  holdingsHistory: {
    path: '/trade/userstocklists',
    auth: true,
    request: holdingsRequest,
    data: holdingsHistoryAnswer,
    summary: 'Closed holdings with realised P&L lsyk',
  },
} as const;
