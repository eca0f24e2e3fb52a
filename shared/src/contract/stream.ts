/**
 * The live quote stream: one WebSocket at `/api/vue/stream` (ws:// or wss:// on the page's host).
 * Browsers cannot set headers on a WebSocket, and a token in the URL ends up in logs, so the
 * session travels in the first message.
 *
 * Client → server (JSON text frames):
 *   {"op":"auth","token":"…","account":"…"}            first message; anything else first closes 4401
 *   {"op":"sub","market":"jpy","codes":["7203","N225"]}  add codes (answered by one snapshot of them)
 *   {"op":"unsub","market":"jpy","codes":["7203"]}      remove codes
 *   {"op":"depth","market":"jpy","codes":["7203"]}     also follow these codes' order books (answered by a
 *                                                       `depth` frame of each; at most STREAM_MAX_DEPTH codes)
 *   {"op":"undepth","market":"jpy","codes":["7203"]}   stop following their books
 *   {"op":"ping"}                                       answered by {"type":"pong"}
 * Server → client:
 *   {"type":"ready"}                                    the session was accepted
 *   {"type":"snapshot","quotes":[Quote…]}               the current quote of every newly subscribed code
 *   {"type":"ticks","time":"ISO","quotes":[Quote…]}     at most one frame a second per client, carrying
 *                                                       every subscribed code that changed since the last frame;
 *                                                       `time` is the server clock when the frame was sent
 *   {"type":"depth","books":[StockDepth…]}            the order books asked for: at once, then with each tick of
 *                                                       their code (at most once a second); only to sockets that
 *                                                       sent `depth` for the code (docs/decisions/0021)
 *   {"type":"inbox","unread":3}                        the account's unread inbox count, pushed to every socket
 *                                                       of that account when a message arrives or one is read
 *   {"type":"alert","alert":{…}}                       a price alert of the account fired (the `alertFired` shape,
 *                                                       areas/alerts.ts), pushed to every socket of that account
 *   {"type":"error","msg":"message_key","values":{…}}   a refused message; `values` (optional) fills the key's
 *                                                       placeholders: field_invalid {field} (bad op or fields),
 *                                                       stock_not_found {code} (unknown codes, the others are
 *                                                       subscribed), watchlist_full {max} (over STREAM_MAX_CODES,
 *                                                       nothing added), too_frequent (over 10 messages/s)
 * Close codes: 4401 session missing or invalid (also when it ends later: logout, expiry, password
 * change, ban), 4400 malformed protocol (not a JSON object with an `op`), 4429 too many connections
 * (per session or per IP). A sub answers one snapshot when it adds at least one code.
 * Quotes are the same `quote` shape as /stock/detail, in the language the client names on auth.
 */
import { z } from 'zod';
import { langField, marketType } from './common';
import { quote, stockCode, stockDepth } from './areas/stock';
import { alertFired } from './areas/alerts';

export const STREAM_PATH = '/api/vue/stream';
/** The most codes one connection may follow at once. */
export const STREAM_MAX_CODES = 200;
/** The most order books one connection may follow at once (a screen shows one). */
export const STREAM_MAX_DEPTH = 5;

export const STREAM_CLOSE = { badProtocol: 4400, unauthorized: 4401, tooMany: 4429 } as const;

export const streamClientMessage = z.discriminatedUnion('op', [
  z.object({ op: z.literal('auth'), token: z.string().min(1), account: z.string().min(1), lang: langField }),
  z.object({ op: z.literal('sub'), market: marketType, codes: z.array(stockCode).min(1).max(STREAM_MAX_CODES) }),
  z.object({ op: z.literal('unsub'), market: marketType, codes: z.array(stockCode).min(1).max(STREAM_MAX_CODES) }),
  z.object({ op: z.literal('depth'), market: marketType, codes: z.array(stockCode).min(1).max(STREAM_MAX_DEPTH) }),
  z.object({ op: z.literal('undepth'), market: marketType, codes: z.array(stockCode).min(1).max(STREAM_MAX_DEPTH) }),
  z.object({ op: z.literal('ping') }),
]);

export const streamServerMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('snapshot'), quotes: z.array(quote) }),
  z.object({ type: z.literal('ticks'), time: z.string(), quotes: z.array(quote) }),
  z.object({ type: z.literal('depth'), books: z.array(stockDepth) }),
  z.object({ type: z.literal('inbox'), unread: z.number().int().nonnegative() }),
  z.object({ type: z.literal('alert'), alert: alertFired }),
  z.object({ type: z.literal('error'), msg: z.string(), values: z.record(z.string(), z.string()).optional() }),
]);

export type StreamClientMessage = z.input<typeof streamClientMessage>;
export type StreamServerMessage = z.infer<typeof streamServerMessage>;
