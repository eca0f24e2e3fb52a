/**
 * Primitives shared by every area of the contract: decimal strings, the answer envelope, the
 * market selector, the reader's language, paging, currencies and positive amounts.
 */
import { z } from 'zod';
import { CURRENCIES } from '../money';

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
  z
    .string({ error: requiredKey })
    .trim()
    .min(1, requiredKey)
    .regex(/^\d+(\.\d{1,8})?$/, 'amount_invalid')
    .refine((v) => /[1-9]/.test(v), 'amount_invalid');
