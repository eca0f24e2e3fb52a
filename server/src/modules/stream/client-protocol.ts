/**
 * The stream's client messages as the hub reads them (protocol: shared/src/contract/stream.ts): a socket's text
 * parsed as JSON, the auth message expected first, the shape every later message must have, and the per-socket
 * message rate (a token bucket).
 */
import type { RawData } from 'ws';
import { streamClientMessage } from 'shared/contract';

/** A socket's message rate: a bucket of `burst` tokens, refilled at `perSecond`. */
export interface MessageBucket {
  tokens: number;
  refilledAt: number;
}

/** The JSON of a text message; undefined for a binary one or text that is not JSON. */
export function parseClientData(data: RawData, isBinary: boolean): unknown {
  const text = isBinary ? undefined : data.toString();
  try {
    return text === undefined ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The auth message, or undefined when `message` is anything else. */
export function authMessage(message: unknown) {
  const parsed = streamClientMessage.safeParse(message);
  return parsed.success && parsed.data.op === 'auth' ? parsed.data : undefined;
}

/** True when `message` is an object with a string `op` (anything else is a protocol error). */
export function hasOp(message: unknown): boolean {
  return (
    !!message &&
    typeof message === 'object' &&
    !Array.isArray(message) &&
    typeof (message as { op?: unknown }).op === 'string'
  );
}

/** The client message, or the first field that is wrong. */
export function readClientMessage(message: unknown) {
  const parsed = streamClientMessage.safeParse(message);
  if (parsed.success) return { op: parsed.data } as const;
  return { field: String(parsed.error.issues[0]?.path[0] ?? 'op') } as const;
}

/** Takes one token from the bucket at `now` (ms); false when it is empty. */
export function takeToken(
  bucket: MessageBucket,
  { burst, perSecond }: { burst: number; perSecond: number },
  now: number,
): boolean {
  bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.refilledAt) / 1000) * perSecond);
  bucket.refilledAt = now;
  if (bucket.tokens < 1) return false;
  bucket.tokens -= 1;
  return true;
}
