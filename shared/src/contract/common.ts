/**
 * Primitives shared by every area of the contract: decimal strings, the answer envelope, the
 * market selector, the reader's language, paging, currencies and positive amounts.
 */
import { z } from 'zod';
import { CURRENCIES } from '../money';

/**
 * Text a request may carry: no C0 control character (NUL, ESC, …, and tab, LF, CR on one line), no
 * DEL, no lone UTF-16 surrogate (`\p{Cs}` under the u flag). Such input is junk or an attack; it must
 * be refused as the named field, never reach SQL (PostgreSQL rejects NUL: a 500) or the log.
 */
export const SINGLE_LINE_TEXT = /^[^\u0000-\u001F\u007F\p{Cs}]*$/u;
/** As SINGLE_LINE_TEXT, but tab, LF and CR are allowed (news bodies, config values). */
export const MULTI_LINE_TEXT = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\p{Cs}]*$/u;

/**
 * The base of every free-text string field of a request: a string (`requiredKey` when absent or not a
 * string) refused with field_invalid {field} when it holds a control character or a lone surrogate.
 * Chain trim/min/max/regex after it; the control-character check runs first.
 */
export const plainString = (requiredKey?: string) =>
  z.string(requiredKey ? { error: requiredKey } : undefined).regex(SINGLE_LINE_TEXT, 'field_invalid');
/** plainString for multi-line text (tab and line breaks allowed). */
export const multilineString = (requiredKey?: string) =>
  z.string(requiredKey ? { error: requiredKey } : undefined).regex(MULTI_LINE_TEXT, 'field_invalid');

/** A decimal on the wire: a string such as "1234.50" (never a JSON number). */
export const decimalString = z.string().regex(/^-?\d+(\.\d+)?$/, 'amount_invalid');

/** The envelope of every answer: status 1 is success; otherwise msg is a message key. */
export const envelope = <T extends z.ZodTypeAny>(data: T) =>
  z.object({
    status: z.union([z.literal(0), z.literal(1)]),
    msg: z.string(),
    data: data.optional(),
    /** On a validation refusal: the field it names. */
    field: z.string().optional(),
    /** Placeholder values of the message (e.g. {min: "30000"}). */
    values: z.record(z.string(), z.string()).optional(),
  });

export type Envelope<T> = { status: 0 | 1; msg: string; data?: T; field?: string; values?: Record<string, string> };

export const marketType = z.enum(['jpy', 'usd', 'cny']);
/** Payload of the spec §7 list calls: `type` is the selected market. */
export const marketPayload = z.object({ type: marketType.default('jpy') });

/**
 * The reader's language for texts the server renders (inbox messages, news): the session's
 * language code (cn, us, jp) or an i18n code (zh-CN, en, ja); default zh-CN, the spec's default.
 */
export const langField = z.enum(['cn', 'us', 'jp', 'en', 'zh-CN', 'ja'], { error: 'field_invalid' }).optional();
export const pageRequest = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(50).default(20),
  lang: langField,
});

export const currencyCode = z.enum(CURRENCIES, { error: 'field_invalid' });
/** A positive amount as a decimal string; the server also rounds-checks it against the currency's minor unit. */
export const positiveAmount = (requiredKey: 'amount_required' | 'exchange_amount_required' = 'amount_required') =>
  plainString(requiredKey)
    .trim()
    .min(1, requiredKey)
    .regex(/^\d+(\.\d{1,8})?$/, 'amount_invalid')
    .refine((v) => /[1-9]/.test(v), 'amount_invalid');
