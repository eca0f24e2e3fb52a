/**
 * Area /stock/: market data of the issue "Markets and trading": quotes, search, candles, watchlist.
 * Every call needs a session. Prices are decimal strings rounded to the tick size, volumes integer
 * strings; every answer says `simulated: true` while the built-in simulator is the provider (the UI
 * labels it), docs/decisions/0008.
 */
import { z } from 'zod';
import { decimalString, langField, marketType, plainString } from '../common';
import { empty } from '../fields';

/** A stock or index code: 7203, AAPL, BRK.B, 600519, N225. */
export const stockCode = z
  .string({ error: 'field_invalid' })
  .trim()
  .min(1, 'field_invalid')
  .max(16, 'field_invalid')
  .regex(/^[A-Za-z0-9.]+$/, 'field_invalid')
  .transform((s) => s.toUpperCase());
const marketField = marketType.default('jpy');
const integerString = z.string().regex(/^\d+$/);

export const marketStatus = z.enum(['open', 'lunch', 'closed']);
export const candlePeriod = z.enum(['1m', '5m', '15m', '30m', '60m', 'day', 'week', 'month', 'year']);
export const listSort = z.enum(['code', 'price', 'change_ratio', 'volume', 'amount']);

/**
 * One quote: spec §3 Stock (code, name, price, change, open, close, high, low, volume, amount) plus limits
 * and state.
 */
export const quote = z.object({
  market: marketType,
  code: z.string(),
  kind: z.enum(['stock', 'index']),
  /** Name in the requested language, and in all three. */
  name: z.string(),
  names: z.object({ 'zh-CN': z.string(), en: z.string(), ja: z.string() }),
  currency: z.string(),
  price: decimalString,
  change: decimalString,
  /** Percent with 2 decimals ("1.25" is +1.25 %). */
  change_ratio: decimalString,
  open: decimalString,
  prev_close: decimalString,
  high: decimalString,
  low: decimalString,
  volume: integerString,
  amount: decimalString,
  /** Today's price limits; null where the market has none (US). */
  limit_up: decimalString.nullable(),
  limit_down: decimalString.nullable(),
  tick_size: decimalString,
  lot: z.number().int(),
  /** The trading date the figures belong to (the market's local date). */
  trade_date: z.string(),
  status: marketStatus,
  /** ISO instant of the next session start (null while open). */
  next_open: z.string().nullable(),
  /** ISO instant of the last tick counted. */
  time: z.string(),
  simulated: z.boolean(),
});

export const stockListRequest = z.object({
  market: marketField,
  sort: listSort.default('code'),
  order: z.enum(['asc', 'desc']).default('asc'),
  page: z.coerce.number({ error: 'field_invalid' }).int('field_invalid').min(1, 'field_invalid').default(1),
  size: z.coerce
    .number({ error: 'field_invalid' })
    .int('field_invalid')
    .min(1, 'field_invalid')
    .max(50, 'field_invalid')
    .default(20),
  lang: langField,
});
export const stockList = z.object({
  list: z.array(quote),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  /** The market's main index (Nikkei 225, S&P 500, SSE Composite). */
  index: quote,
  simulated: z.boolean(),
});

export const stockSearchRequest = z.object({
  q: plainString('field_invalid').trim().min(1, 'field_invalid').max(32, 'field_invalid'),
  market: marketType.optional(),
  lang: langField,
});
export const stockSearch = z.object({ list: z.array(quote), simulated: z.boolean() });

export const stockDetailRequest = z.object({ code: stockCode, market: marketField, lang: langField });

export const candle = z.object({
  /** Epoch milliseconds of the bucket start. */
  time: z.number().int(),
  /** Local trading date of the bucket's first day (YYYY-MM-DD). */
  date: z.string(),
  open: decimalString,
  high: decimalString,
  low: decimalString,
  close: decimalString,
  volume: integerString,
  amount: decimalString,
});
export const stockCandlesRequest = z.object({
  code: stockCode,
  market: marketField,
  period: candlePeriod.default('day'),
  limit: z.coerce
    .number({ error: 'field_invalid' })
    .int('field_invalid')
    .min(1, 'field_invalid')
    .max(1000, 'field_invalid')
    .default(100),
});
export const stockCandles = z.object({
  market: marketType,
  code: z.string(),
  period: candlePeriod,
  /** Oldest first; the last one may still be forming. */
  list: z.array(candle),
  simulated: z.boolean(),
});

export const watchRequest = z.object({ code: stockCode, market: marketField });
export const watchlistRequest = z.object({ market: marketType.optional(), lang: langField });
export const watchlist = z.object({ list: z.array(quote.extend({ added_at: z.string() })), simulated: z.boolean() });

/** One price level of the order book: a valid price on the tick grid and the shares waiting there (whole lots). */
export const depthLevel = z.object({ price: decimalString, volume: integerString });
/**
 * The order book (板) of a stock: five levels a side at most (fewer at a daily price limit), best first, with
 * bids[0] < price ≤ asks[0]. Derived by the simulator from the price path at the last tick (docs/decisions/0021);
 * with the market closed it is the book at the close and `status` says so.
 */
export const stockDepth = z.object({
  market: marketType,
  code: z.string(),
  /** The last price the book straddles. */
  price: decimalString,
  bids: z.array(depthLevel).max(5),
  asks: z.array(depthLevel).max(5),
  lot: z.number().int(),
  status: marketStatus,
  /** ISO instant of the tick the book belongs to. */
  time: z.string(),
  simulated: z.boolean(),
});
export const stockDepthRequest = z.object({ code: stockCode, market: marketField });

export type Quote = z.infer<typeof quote>;
export type StockDepth = z.infer<typeof stockDepth>;
export type DepthLevel = z.infer<typeof depthLevel>;
export type Candle = z.infer<typeof candle>;
export type CandlePeriod = z.infer<typeof candlePeriod>;
export type MarketStatus = z.infer<typeof marketStatus>;
export type ListSort = z.infer<typeof listSort>;

export const STOCK_ENDPOINTS = {
  stockList: {
    path: '/stock/list',
    auth: true,
    request: stockListRequest,
    data: stockList,
    summary: 'Quotes of one market with sort and paging, plus its main index',
  },
  stockSearch: {
    path: '/stock/search',
    auth: true,
    request: stockSearchRequest,
    data: stockSearch,
    summary: 'Search by code or by name in zh-CN, en or ja',
  },
  stockDetail: {
    path: '/stock/detail',
    auth: true,
    request: stockDetailRequest,
    data: quote,
    summary: 'One quote with limits and market status',
  },
  stockDepth: {
    path: '/stock/depth',
    auth: true,
    request: stockDepthRequest,
    data: stockDepth,
    summary: 'The order book: five bid and ask levels with sizes (simulated from the price path)',
  },
  stockCandles: {
    path: '/stock/candles',
    auth: true,
    request: stockCandlesRequest,
    data: stockCandles,
    summary: 'Candles of one period (1m time-share to year), oldest first',
  },
  watchlist: {
    path: '/stock/watchlist',
    auth: true,
    request: watchlistRequest,
    data: watchlist,
    summary: 'The user’s watchlist with quotes',
  },
  watchAdd: {
    path: '/stock/watchAdd',
    auth: true,
    request: watchRequest,
    data: empty,
    summary: 'Add a stock to the watchlist',
  },
  watchRemove: {
    path: '/stock/watchRemove',
    auth: true,
    request: watchRequest,
    data: empty,
    summary: 'Remove a stock from the watchlist',
  },
} as const;
