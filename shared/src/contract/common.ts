import { z } from 'zod';

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
