/**
 * Request validation with the contract's zod schemas. Form bodies arrive as strings; JSON bodies
 * are brought to the same shape (numbers and booleans as text), so both encodings obey identical
 * rules. The first issue decides the answer, by the rule the remotes' forms use too (`issueRefusal`
 * of shared/messages): its message is a catalogue key such as account_format, else field_invalid.
 */
import type { z } from 'zod';
import { issueRefusal, type MessageKey } from 'shared/messages';
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
  const { key, field, values } = issueRefusal(result.error.issues[0]!);
  // issueRefusal answers a catalogue key: the issue's own message when it is one, else field_invalid.
  throw new BusinessError(key as MessageKey, {
    ...(field ? { field } : {}),
    ...(Object.keys(values).length ? { values } : {}),
  });
}
