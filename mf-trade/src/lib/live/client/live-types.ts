/** The types of the live quote client (live-client.ts). */

export type LiveMode = 'connecting' | 'live' | 'polling';

/** Something the page may want to know about the stream (the page client logs or shows it). */
export type LiveIssue =
  /** The first frame that did not match the contract (later ones are only counted). */
  | { kind: 'malformed' }
  /** The server refused the session: no more attempts until the session changes. */
  | { kind: 'unauthorized' }
  /** Followed codes beyond the per-socket cap get no stream quotes until others leave. */
  | { kind: 'capped'; max: number; waiting: number }
  /** Any other `error` message of the server (a message key of shared/src/messages/catalogue.ts). */
  | { kind: 'refused'; msg: string; values?: Record<string, string> };

/** The part of the browser's WebSocket the client uses (tests pass a fake). */
export interface SocketLike {
  readyState: number;
  send(data: string): void;
  close(code?: number): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
}
export type SocketFactory = (url: string) => SocketLike;

export interface LiveClientOptions {
  url: string;
  /** Session credentials and language, read at each connect. */
  auth: () => { token: string; account: string; lang?: string };
  /** Opens a socket; undefined when the environment has no WebSocket. */
  connect?: SocketFactory;
  /** First reconnect delay (ms); doubles up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
  /** Gives up on a connect attempt that has not reached `ready` after this long (ms). */
  connectTimeoutMs?: number;
  /** Codes one socket may follow (the server's cap, STREAM_MAX_CODES). */
  maxCodes?: number;
  /** Delay before asking again for what a `too_frequent` refusal may have dropped (ms). */
  resyncMs?: number;
}
