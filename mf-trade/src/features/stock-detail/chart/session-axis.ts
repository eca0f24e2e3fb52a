/**
 * The time-share chart's x axis: one trading day's whole session in the market's local clock, from the
 * open to the close, with the lunch break kept as a gap. The sessions mirror the server's calendar
 * (server/src/modules/market/calendar.ts): Tokyo 09:00–11:30 and 12:30–15:30, New York 09:30–16:00,
 * Shanghai 09:30–11:30 and 13:00–15:00.
 */
import type { Market } from 'shared/mf';
import { MARKET_ZONES } from 'shared/remote-kit';

const hm = (h: number, m = 0) => h * 60 + m;

/** Sessions in local minutes after midnight, [start, end). */
export const MARKET_SESSIONS: Readonly<Record<Market, ReadonlyArray<readonly [number, number]>>> = {
  jpy: [
    [hm(9), hm(11, 30)],
    [hm(12, 30), hm(15, 30)],
  ],
  usd: [[hm(9, 30), hm(16)]],
  cny: [
    [hm(9, 30), hm(11, 30)],
    [hm(13), hm(15)],
  ],
};

/** One-minute bars in a whole trading day (the time-share fetch asks for exactly these). */
export function sessionMinutes(market: Market): number {
  return MARKET_SESSIONS[market].reduce((n, [from, to]) => n + to - from, 0);
}

export interface SessionAxis {
  /** The market's IANA zone (the axis labels read its clock). */
  timezone: string;
  /** The local trading date (YYYY-MM-DD). */
  date: string;
  /** UTC ms of the open and of the close. */
  open: number;
  close: number;
  /** The session parts as UTC ms, [start, end). */
  parts: { start: number; end: number }[];
  /** The breaks between parts (lunch): no line is drawn across them. */
  gaps: { from: number; to: number }[];
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Minutes east of UTC of `zone` at an instant. */
export function zoneOffset(zone: string, instant: number): number {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    formatters.set(zone, format);
  }
  const p: Record<string, number> = {};
  for (const part of format.formatToParts(instant)) p[part.type] = Number(part.value);
  const local = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour! % 24, p.minute!);
  return Math.round((local - Math.floor(instant / 60_000) * 60_000) / 60_000);
}

/** The UTC instant the market's clock reads `minute` on local date `date`. */
function localToUtc(zone: string, date: string, minute: number): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d) + minute * 60_000;
  return guess - zoneOffset(zone, guess - zoneOffset(zone, guess) * 60_000) * 60_000;
}

/** The whole session of `market` on local date `date`. */
export function sessionAxis(market: Market, date: string): SessionAxis {
  const timezone = MARKET_ZONES[market];
  const parts = MARKET_SESSIONS[market].map(([from, to]) => ({
    start: localToUtc(timezone, date, from),
    end: localToUtc(timezone, date, to),
  }));
  const gaps = parts.slice(1).map((part, i) => ({ from: parts[i]!.end, to: part.start }));
  return { timezone, date, open: parts[0]!.start, close: parts.at(-1)!.end, parts, gaps };
}

/** How many gaps lie between instants `a` and `b` (a < b): the null points a line needs between them. */
export function gapsBetween(session: SessionAxis | undefined, a: number, b: number): SessionAxis['gaps'] {
  return session ? session.gaps.filter((g) => a < g.from && b >= g.to) : [];
}

/**
 * A line's points with a null point at each gap the line crosses (so Highcharts breaks the line
 * there instead of drawing across the lunch break). `points` are [time, value] pairs, oldest first.
 */
export function withGaps<T extends [number, ...unknown[]]>(
  points: T[],
  session: SessionAxis | undefined,
): (T | [number, null])[] {
  if (!session || session.gaps.length === 0) return points;
  const out: (T | [number, null])[] = [];
  points.forEach((point, i) => {
    if (i > 0) for (const gap of gapsBetween(session, points[i - 1]![0], point[0])) out.push([gap.from, null]);
    out.push(point);
  });
  return out;
}
