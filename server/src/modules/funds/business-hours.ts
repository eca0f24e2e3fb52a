/**
 * Withdrawal hours (spec §9): business days 09:00–15:30 Japan time. Japan has no daylight saving,
 * so Japan time is UTC+9 all year. Weekends and the site-config holiday list are closed. The clock
 * is the app's injectable `now()`.
 */
const JST_OFFSET_MS = 9 * 3_600_000;
const DAY_MS = 86_400_000;

export interface WithdrawWindow {
  /** Minutes after midnight, Japan time. */
  openMinute: number;
  closeMinute: number;
  /** Closed dates, YYYY-MM-DD in Japan time. */
  holidays: ReadonlySet<string>;
}

/** Parses "09:00-15:30"; undefined when malformed. */
export function parseHours(text: string): { openMinute: number; closeMinute: number } | undefined {
  const match = /^(\d{2}):(\d{2})-(\d{2}):(\d{2})$/.exec(text.trim());
  if (!match) return undefined;
  const [open, close] = [Number(match[1]) * 60 + Number(match[2]), Number(match[3]) * 60 + Number(match[4])];
  return open < close && close <= 24 * 60 ? { openMinute: open, closeMinute: close } : undefined;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The Japan-time calendar date (YYYY-MM-DD) of a shifted instant. */
const dateOf = (jst: Date) => `${jst.getUTCFullYear()}-${pad(jst.getUTCMonth() + 1)}-${pad(jst.getUTCDate())}`;

export function isBusinessDay(jst: Date, holidays: ReadonlySet<string>): boolean {
  const weekday = jst.getUTCDay();
  return weekday !== 0 && weekday !== 6 && !holidays.has(dateOf(jst));
}

export interface WindowState {
  open: boolean;
  /** The next opening as "YYYY-MM-DD HH:mm JST" (null while open). */
  nextOpen: string | null;
  /** The next opening as an instant (null while open). */
  nextOpenAt: Date | null;
}

export function withdrawWindowState(now: Date, window: WithdrawWindow): WindowState {
  const jst = new Date(now.getTime() + JST_OFFSET_MS);
  const minute = jst.getUTCHours() * 60 + jst.getUTCMinutes();
  if (isBusinessDay(jst, window.holidays) && minute >= window.openMinute && minute < window.closeMinute) {
    return { open: true, nextOpen: null, nextOpenAt: null };
  }
  // Today if before opening on a business day, otherwise the next business day.
  const midnight = Date.UTC(jst.getUTCFullYear(), jst.getUTCMonth(), jst.getUTCDate());
  let day = new Date(isBusinessDay(jst, window.holidays) && minute < window.openMinute ? midnight : midnight + DAY_MS);
  for (let i = 0; i < 400 && !isBusinessDay(day, window.holidays); i += 1) day = new Date(day.getTime() + DAY_MS);
  const opensJst = new Date(day.getTime() + window.openMinute * 60_000);
  return {
    open: false,
    nextOpen: `${dateOf(opensJst)} ${pad(opensJst.getUTCHours())}:${pad(opensJst.getUTCMinutes())} JST`,
    nextOpenAt: new Date(opensJst.getTime() - JST_OFFSET_MS),
  };
}
