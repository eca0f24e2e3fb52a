/**
 * Deposit days (spec §9: "Deposit time on business days 00:00 to 23:59", Japan time): a deposit is
 * accepted on a Tokyo business day, i.e. not a Saturday, Sunday, Japanese national holiday (the
 * Act on National Holidays: fixed days, Happy Mondays, the equinoxes, substitute holidays and
 * the citizens' holiday between two holidays), nor a day of JPX's year-end closure (31 December to
 * 3 January); the site config's `withdraw_holidays` list closes further days. Days are the market
 * calendar's day numbers (market/calendar.ts) of the Japan-time date.
 */
import { dateOf, dayOf, localTime, weekday } from '../market/calendar';

const cache = new Map<number, ReadonlySet<string>>();

/** The n-th (1-based) Monday of a month, as a day number. */
function nthMonday(y: number, m: number, n: number): number {
  const first = dayOf(y, m, 1);
  return first + ((8 - weekday(first)) % 7) + (n - 1) * 7;
}

/** Vernal (March) and autumnal (September) equinox days, the usual 1980–2099 formula. */
function equinox(y: number, base: number): number {
  return Math.floor(base + 0.242194 * (y - 1980) - Math.floor((y - 1980) / 4));
}

/** JPX's closed dates of a year (YYYY-MM-DD), weekends aside. */
export function jpxHolidays(y: number): ReadonlySet<string> {
  const cached = cache.get(y);
  if (cached) return cached;
  const national = new Set<number>([
    dayOf(y, 1, 1),
    nthMonday(y, 1, 2),
    dayOf(y, 2, 11),
    dayOf(y, 2, 23),
    dayOf(y, 3, equinox(y, 20.8431)),
    dayOf(y, 4, 29),
    dayOf(y, 5, 3),
    dayOf(y, 5, 4),
    dayOf(y, 5, 5),
    nthMonday(y, 7, 3),
    dayOf(y, 8, 11),
    nthMonday(y, 9, 3),
    dayOf(y, 9, equinox(y, 23.2488)),
    nthMonday(y, 10, 2),
    dayOf(y, 11, 3),
    dayOf(y, 11, 23),
  ]);
  const days = new Set(national);
  for (const day of national) {
    // A holiday on a Sunday moves to the next day that is not a holiday.
    if (weekday(day) !== 0) continue;
    let next = day + 1;
    while (national.has(next)) next += 1;
    days.add(next);
  }
  for (const day of national) {
    // A weekday between two holidays is a holiday (e.g. 22 September 2026).
    if (national.has(day + 2) && !days.has(day + 1) && weekday(day + 1) !== 0) days.add(day + 1);
  }
  // JPX's year-end and new-year closure.
  days.add(dayOf(y, 1, 2));
  days.add(dayOf(y, 1, 3));
  days.add(dayOf(y, 12, 31));
  const dates = new Set([...days].map(dateOf));
  cache.set(y, dates);
  return dates;
}

export function isDepositDay(day: number, extra: ReadonlySet<string> = new Set()): boolean {
  const w = weekday(day);
  if (w === 0 || w === 6) return false;
  const date = dateOf(day);
  return !extra.has(date) && !jpxHolidays(Number(date.slice(0, 4))).has(date);
}

export interface DepositDayState {
  /** Today (Japan time) is a business day: deposits are accepted. */
  open: boolean;
  /** Today's Japan-time date, YYYY-MM-DD. */
  today: string;
  /** The next business day after today, YYYY-MM-DD. */
  next: string;
}

/** Whether `now` falls on a Tokyo business day, and the next one after it. */
export function depositDayState(now: Date, extra: ReadonlySet<string> = new Set()): DepositDayState {
  const { day } = localTime('jpy', now.getTime());
  let next = day + 1;
  for (let i = 0; i < 60 && !isDepositDay(next, extra); i += 1) next += 1;
  return { open: isDepositDay(day, extra), today: dateOf(day), next: dateOf(next) };
}
