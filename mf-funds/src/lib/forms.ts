import type { z } from 'zod';

/**
 * The first message key per field of a zod schema's refusal: the same schema and keys the server
 * validates with (shared/contract), so the form says what the server would say, before sending.
 */
export function zodErrors(schema: z.ZodTypeAny, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Dates as one unambiguous format across every remote (YYYY-MM-DD HH:mm): the shared formatter. */
export { formatDateTime as formatLocalTime } from 'shared/remote-kit';
