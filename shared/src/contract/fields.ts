/**
 * Small schemas the areas' endpoint tables share. Internal to the contract: index.ts does not
 * export this file.
 */
import { z } from 'zod';
import { plainString } from './common';

/** A positive integer id sent as a form field. */
export const idField = z.coerce.number({ error: 'field_invalid' }).int('field_invalid').positive('field_invalid');
/** A request without fields, or an answer without data. */
export const empty = z.object({});
/** The answer of a call that creates a record: its id, and its order number where it has one. */
export const idAnswer = z.object({ id: z.number().int(), order_no: z.string().optional() });
/** A required, trimmed text field of at most `max` characters. */
export const text = (requiredKey: string, max = 64) =>
  plainString(requiredKey).trim().min(1, requiredKey).max(max, 'field_invalid');
/**
 * The answer of a four-eyes call (a catalogue change): the request waiting for a second administrator. What the
 * change itself answers when approved is the endpoint's `outcome`, in /admin/approve's `outcome.data`.
 */
export const fourEyesWaiting = z.object({ four_eyes_id: z.number().int() });
