import { MARKET_ZONES, type MarketCode } from 'shared/remote-kit';

/**
 * The calendar date of an instant in the market's own zone (YYYY-MM-DD): draw, listing and distribution days
 * are market days, so Tokyo's 2026-12-01 reads the same on every device. Absent or unreadable: a dash.
 */
export function marketDate(instant: string | null | undefined, market: MarketCode): string {
  if (!instant) return '—';
  const at = new Date(instant);
  if (Number.isNaN(at.getTime())) return instant;
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: MARKET_ZONES[market],
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** A window of two instants as market dates: "2026-12-01 – 2026-12-04". */
export const marketDateRange = (from: string, to: string, market: MarketCode) =>
  `${marketDate(from, market)} – ${marketDate(to, market)}`;

/**
 * formatMarketTime's options for a time that always carries its market date ("2026-11-24 10:30 JST"), even when it
 * is today's: the 1970 "now" is never the instant's day. For the two ends of a window, which read alike.
 */
export const MARKET_DATED = { now: 0 } as const;
