/**
 * What the log may say about a request's data. Card and ID numbers are masked (all but the last 4),
 * names and passwords replaced, wherever they sit under a known field name; errors are serialized
 * without SQL parameters (drizzle's `params`, its message's `params:` line) and with the values
 * PostgreSQL quotes in its messages masked. The app's logger gets these options (app.ts), so every
 * line, whatever its level or destination, obeys them.
 */
import type { FastifyServerOptions } from 'fastify';

/** Fields masked to their last 4 characters. */
const MASKED_FIELDS = ['card_number', 'id_number', 'account_number'];
/** Fields replaced entirely. */
const HIDDEN_FIELDS = [
  'holder_name',
  'realname_name',
  'name',
  'password',
  'password2',
  'old_password',
  'login_password',
  'fund_password',
  'old_fund_password',
  'token',
];
/** Where a request's data can sit in a log line: top level, one object deep (`body`, `input`), two deep. */
const REDACT_PATHS = [...MASKED_FIELDS, ...HIDDEN_FIELDS].flatMap((field) => [
  field,
  `*.${field}`,
  `*.*.${field}`,
  `req.headers.${field}`,
]);
/** Error properties that carry the values a query was run with. */
const DROPPED_ERROR_KEYS = new Set(['params', 'parameters', 'values', 'internalQuery', 'where', 'args']);

/** All but the last 4 characters as `*`. */
export function maskTail(value: string): string {
  return value.length <= 4 ? '*'.repeat(value.length) : `${'*'.repeat(value.length - 4)}${value.slice(-4)}`;
}

/**
 * An error text fit for the log: no drizzle `params:` line, PostgreSQL's quoted values (`: "…"`) and
 * key values (`Key (col)=(…)`) replaced, and any run of 7 or more digits (a card or account number)
 * masked to its last 4.
 */
export function maskText(text: string): string {
  return text
    .replace(/\nparams: [^\n]*/g, '\nparams: [redacted]')
    .replace(/: "[^"\n]*"/g, ': "[redacted]"')
    .replace(/=\([^)\n]*\)/g, '=([redacted])')
    .replace(/\d{7,}/g, maskTail);
}

/** An error (and its causes) as a plain object for the log: type, masked message and stack, safe fields. */
export function serializeError(error: unknown, depth = 0): unknown {
  if (!error || typeof error !== 'object') return typeof error === 'string' ? maskText(error) : error;
  const source = error as Record<string, unknown> & { message?: unknown; stack?: unknown };
  const out: Record<string, unknown> = { type: error.constructor?.name ?? 'Object' };
  if (typeof source.message === 'string') out.message = maskText(source.message);
  if (typeof source.stack === 'string') out.stack = maskText(source.stack);
  for (const [key, value] of Object.entries(source)) {
    if (key === 'message' || key === 'stack' || DROPPED_ERROR_KEYS.has(key)) continue;
    if (key === 'cause') out.cause = depth < 4 ? serializeError(value, depth + 1) : '[cause]';
    else if (typeof value === 'string') out[key] = maskText(value);
    else if (typeof value === 'number' || typeof value === 'boolean') out[key] = value;
  }
  if (!('cause' in out) && (source as { cause?: unknown }).cause !== undefined && depth < 4)
    out.cause = serializeError((source as { cause?: unknown }).cause, depth + 1);
  return out;
}

function censor(value: unknown, path: string[]): unknown {
  const field = path[path.length - 1] ?? '';
  if (typeof value === 'string' && MASKED_FIELDS.includes(field)) return maskTail(value);
  return '[redacted]';
}

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/**
 * The app's logger options with redaction and the error serializer added (`false`/undefined: no
 * logger; `true`: pino's defaults plus these).
 */
export function safeLoggerOptions(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const base: LoggerOptions = logger === true ? {} : logger;
  if (typeof (base as { info?: unknown }).info === 'function') return base; // a ready-made logger instance
  const options = base as LoggerOptions & { serializers?: Record<string, unknown> };
  return {
    ...options,
    redact: { paths: REDACT_PATHS, censor },
    serializers: { ...options.serializers, err: serializeError },
  } as LoggerOptions;
}
