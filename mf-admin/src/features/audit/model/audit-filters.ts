/**
 * The audit log's search (ADR 0026): operator account, action (exact or a prefix up to a dot), target and a day
 * range, kept in the address (`?actor=&action=&target=&from=&to=&page=`) and sent as the request's fields, to the
 * list and to the CSV export alike.
 */
export const AUDIT_FILTER_KEYS = ['actor', 'action', 'target', 'from', 'to'] as const;
export type AuditFilterKey = (typeof AUDIT_FILTER_KEYS)[number];
export type AuditFilters = Partial<Record<AuditFilterKey, string>>;
/** The form's values: every filter, empty when unset. */
export type AuditFilterValues = Record<AuditFilterKey, string>;

/** The filters the address carries (empty ones left out). */
export function filtersOf(params: URLSearchParams): AuditFilters {
  return compact(Object.fromEntries(AUDIT_FILTER_KEYS.map((key) => [key, params.get(key) ?? ''])));
}

/** The filters without empty or blank fields (the contract refuses an empty actor or action). */
export function compact(values: Partial<Record<string, string>>): AuditFilters {
  const filters: AuditFilters = {};
  for (const key of AUDIT_FILTER_KEYS) {
    const value = values[key]?.trim();
    if (value) filters[key] = value;
  }
  return filters;
}

/** Every filter as a form value ('' when unset). */
export const valuesOf = (filters: AuditFilters): AuditFilterValues =>
  Object.fromEntries(AUDIT_FILTER_KEYS.map((key) => [key, filters[key] ?? ''])) as AuditFilterValues;

/** The export's file name: the server's (it carries the time of the export), else `audit-<day>.csv`. */
export function exportFileName(serverName: string, now: Date = new Date()): string {
  return /^[\w.-]+\.csv$/.test(serverName) ? serverName : `audit-${now.toISOString().slice(0, 10)}.csv`;
}

/** Saves `csv` as a file: a Blob behind an object URL, opened by a download link, then released. */
export function downloadCsv(fileName: string, csv: string): void {
  // the byte-order mark makes spreadsheets read the UTF-8 text (Chinese and Japanese) as UTF-8
  const blob = new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}
