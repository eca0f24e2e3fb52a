import { z } from 'zod';
import { decimalString } from './common';

/** /trade/usernewstocklist: status 1 counted; rjmoney '-' means 0 (spec §3). */
export const newStockOrder = z
  .object({ id: z.string(), status: z.number().int(), rjmoney: z.union([decimalString, z.literal('-')]) })
  .passthrough();
/** /user/withdrawallist: status 0 pending; money '-' means 0. */
export const withdrawalItem = z
  .object({ id: z.string(), status: z.number().int(), money: z.union([decimalString, z.literal('-')]) })
  .passthrough();
/** /trade/userproductlist: status 0 active. */
export const productOrder = z.object({ id: z.string(), status: z.number().int(), money: decimalString }).passthrough();
/** /trade/ustockslist: credit-stock orders, status 0 active. */
export const creditOrder = z.object({ id: z.string(), status: z.number().int(), credit: decimalString }).passthrough();
/**
 * A holding (spec §3): status 0 means holding. `closable_from` is China's T+1 date (the first local
 * date it may be closed, null where no such rule applies) and `closable` whether T+1 allows
 * closing it now.
 */
export const holding = z
  .object({
    status: z.number().int(),
    nowprice: decimalString,
    stock_num: decimalString,
    buy_price: decimalString,
    yingkui: decimalString,
    closable_from: z.string().nullable().optional(),
    closable: z.boolean().optional(),
  })
  .passthrough();

export const newStockList = z.array(newStockOrder);
export const withdrawalList = z.array(withdrawalItem);
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
/** /trade/userstocklists answers the realised (historical) P&L lsyk. */
export const holdingsHistoryAnswer = z.object({
  list: z.array(z.record(z.string(), z.unknown())),
  lsyk: decimalString,
});
