/**
 * Requests started ahead of the query that will make them. A route starts its screen's first requests when the
 * navigation to it starts (shared/remote-kit `RouteStart`: a tap on a list row asks for the stock's quote and candles
 * at the tap), and the screen's query, asking with the same path and body soon after, takes that request's answer
 * instead of asking again.
 *
 * Nothing reaches the store before the screen's own query does: the request goes through the host's HTTP client
 * (session headers, loading bar, toasts) but not through RTK Query. Started as RTK Query prefetches instead, their
 * pending and fulfilled actions changed what the new screen's hooks read while React was rendering it in slices, and
 * React rendered it again each time: the screen came 300–500 ms later at 4× CPU (bench/MEASUREMENTS.md, issue 15).
 *
 * Only plain queries: never a money call (an Idempotency-Key) nor an upload.
 */
import type { AxiosResponse } from 'axios';
import { getHttpClient } from './http-client';
import type { BodyOf, ContractEndpoint } from './contract-endpoints';
import type { WireValue } from './wire';

/** How long a started request waits for its query; later, the query asks again (the answer may be stale). */
export const AHEAD_MS = 10_000;

interface Ahead {
  response: Promise<AxiosResponse>;
  settled: boolean;
  expires: number;
}

type Body = Record<string, WireValue>;

const started = new Map<string, Ahead>();

/** One key per path and body (fields in any order; those the wire leaves out left out). */
function keyOf(url: string, data: Body | undefined): string {
  const fields = Object.entries(data ?? {})
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([name, value]) => [name, String(value)])
    .sort(([a], [b]) => (a! < b! ? -1 : a! > b! ? 1 : 0));
  return `${url} ${JSON.stringify(fields)}`;
}

/**
 * Starts `endpoint` with `body` for a query that will ask for exactly that soon (within AHEAD_MS). The same request
 * still in flight is not started twice; one already answered is started again (a later tap wants a fresh answer).
 */
export function startAhead<D extends ContractEndpoint>(endpoint: D, body: BodyOf<D>, now: () => number = Date.now) {
  if (endpoint.idempotent) throw new Error(`startAhead: ${endpoint.path} is a money call`);
  const at = now();
  // the ones nobody took are forgotten here (no timer)
  for (const [key, entry] of started) if (entry.expires <= at) started.delete(key);
  const key = keyOf(endpoint.path, body as Body);
  const held = started.get(key);
  if (held && !held.settled) return;
  const entry: Ahead = {
    response: getHttpClient().post(endpoint.path, body),
    settled: false,
    expires: at + AHEAD_MS,
  };
  const settle = () => {
    entry.settled = true;
  };
  // Taken by its query (which reads the failure) or by nobody: never an unhandled rejection.
  entry.response.then(settle, settle);
  started.set(key, entry);
}

/** The started request for `url` and `data`, once (the next query asks for itself); none once it has expired. */
export function takeAhead(url: string, data: Body | undefined, now: () => number = Date.now) {
  // every query passes here: no key is made while nothing was started (the usual case)
  if (started.size === 0) return undefined;
  const key = keyOf(url, data);
  const held = started.get(key);
  if (!held) return undefined;
  started.delete(key);
  return held.expires > now() ? held.response : undefined;
}

/** Forgets every started request (tests). */
export function forgetAhead(): void {
  started.clear();
}
