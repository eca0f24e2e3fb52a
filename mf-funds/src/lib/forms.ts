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

const LOCALE_OF: Record<string, string> = { 'zh-CN': 'zh-CN', en: 'en-GB', ja: 'ja-JP' };

/** An ISO time in the user's language and time zone (date and minutes). */
export function formatLocalTime(iso: string | null | undefined, language: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(LOCALE_OF[language] ?? language, { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).format(date);
}
