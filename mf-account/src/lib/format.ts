import { languageToTag } from 'shared/i18n';
import type { Language } from 'shared/mf';

/** A server timestamp (ISO) as a short local date and time in the session language; `—` when absent. */
export function formatDateTime(iso: string | null | undefined, language: Language): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(languageToTag(language), { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false }).format(date);
}
