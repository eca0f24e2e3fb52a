/**
 * The answers index.html asked for before any JavaScript (window.__earlyAnswers; today the quote of a stock page's
 * deep link, docs/decisions/0030-early-quote-from-html.md), handed to the first screen through the host kit
 * (`HostContext.earlyAnswer`), and the release of the copy index.html painted from them once that screen shows.
 */

interface EarlyEntry {
  path: string;
  request: Record<string, string>;
  /** The answer's `data` once a successful answer is in. */
  data?: unknown;
}

interface EarlyWindow {
  __earlyAnswers?: EarlyEntry[];
  __earlyQuoteDone?: () => void;
  __earlyChartTake?: (market: string, code: string) => HTMLElement | undefined;
}

const early = (): EarlyWindow => (typeof window === 'undefined' ? {} : (window as EarlyWindow));

function sameRequest(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) if (String(a[key] ?? '') !== String(b[key] ?? '')) return false;
  return true;
}

/**
 * The `data` of index.html's successful answer to exactly this call (`path` and every field of `request`), while
 * the first screen has not yet been shown; undefined otherwise (never asked, still in flight, refused, failed, used).
 */
export function earlyAnswer(path: string, request: Record<string, unknown>): unknown {
  for (const entry of early().__earlyAnswers ?? []) {
    if (entry.path === path && entry.data !== undefined && sameRequest(entry.request, request)) return entry.data;
  }
  return undefined;
}

/** index.html's day chart of this stock, out of its card, for the screen's chart to show until it draws (once). */
export function takeEarlyChart(market: string, code: string): HTMLElement | undefined {
  return early().__earlyChartTake?.(market, code);
}

/**
 * The first screen (or the error shown instead) has replaced the loading placeholder: index.html's early copy goes,
 * an answer still in flight paints nothing, and later screens ask the server themselves (no stale early answer).
 */
export function releaseEarlyPaint(): void {
  const w = early();
  if (w.__earlyAnswers) w.__earlyAnswers = [];
  w.__earlyQuoteDone?.();
}
