/**
 * The one date-time format every remote shows: `YYYY-MM-DD HH:mm`, 24-hour, in the user's time zone
 * (the browser's). Unambiguous in zh-CN, en and ja alike (no 11/22 vs 22/11), and sorts as text.
 * `language` is accepted (session language `cn`/`us`/`jp` or its tag) so a later per-language
 * variant needs no call-site change; today all three languages read the same.
 */
const pad = (n: number) => String(n).padStart(2, '0');

export function formatDateTime(value: string | number | Date | null | undefined, _language?: string): string {
  if (value === null || value === undefined || value === '') return '—';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return typeof value === 'string' ? value : '—';
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return `${day} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
