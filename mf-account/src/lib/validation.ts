import type { z } from 'zod';

/** One inline error: a key of the `msg` namespace and its interpolation values. */
export interface FieldError {
  key: string;
  values?: Record<string, unknown>;
}

/**
 * The first error per field of a failed zod parse, as catalogue keys. The shared contract's schemas
 * use catalogue keys as messages, so the form shows exactly what the server would refuse with.
 */
export function fieldErrors(error: z.ZodError): Record<string, FieldError> {
  const out: Record<string, FieldError> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    if (out[field]) continue;
    const values: Record<string, unknown> = {};
    if (issue.code === 'too_small') values.min = Number(issue.minimum);
    if (issue.code === 'too_big') values.max = Number(issue.maximum);
    out[field] = { key: issue.message, values };
  }
  return out;
}
