/**
 * Request validation with the contract's zod schemas. Form bodies arrive as strings; JSON bodies
 * are brought to the same shape (numbers and booleans as text), so both encodings obey identical
 * rules. The first issue decides the answer: its message is a catalogue key such as account_format.
 */
import type { z } from 'zod';
import { isMessageKey } from 'shared/messages';
import { BusinessError } from '../errors';

function asFormLike(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null || body === '') return {};
  if (typeof body !== 'object' || Array.isArray(body))
    throw new BusinessError('field_invalid', { values: { field: 'body' } });
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    out[key] = typeof value === 'number' || typeof value === 'boolean' ? String(value) : value;
  }
  return out;
}

export function parseRequest<S extends z.ZodTypeAny>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(asFormLike(body));
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.map(String).join('.');
  const key = isMessageKey(issue.message) ? issue.message : 'field_invalid';
  // Placeholders of the catalogue texts ({{field}}, {{min}}, {{max}}) travel as `values`.
  const values: Record<string, string> = {};
  if (key === 'field_invalid') values.field = field || 'body';
  if ('minimum' in issue && issue.minimum !== undefined) values.min = String(issue.minimum);
  if ('maximum' in issue && issue.maximum !== undefined) values.max = String(issue.maximum);
  throw new BusinessError(key, { ...(field ? { field } : {}), ...(Object.keys(values).length ? { values } : {}) });
}
