/**
 * Why a holding cannot be closed before `closable_from`, so the lists say the right rule.
 *
 * The server (server/src/modules/trade/t-plus-one.ts `closableFrom`) answers `closable_from` as China's T+1 date
 * (the next trading day after the local buy date, markets in T_PLUS_ONE: only 'cny'), or the end of a new share's
 * lock-up (positions.closable_from), whichever is later; null when neither applies. A block trade has no lock-up,
 * so its date is only ever the T+1 one. The wire sends no `source` today (position-wire.ts, assets-service.ts),
 * so the rule is:
 * - `source: 'new_share'`, where a record carries it, is a lock-up;
 * - outside China (no T+1 there) any `closable_from` is a lock-up's end;
 * - in China the T+1 date is at most ~11 calendar days after the buy date (the longest closures, Spring Festival
 *   and National Day, included), so a date more than T1_MAX_DAYS after it is a lock-up. A China lock-up ending
 *   within that window coincides with T+1 closely enough to keep the T+1 note.
 */
import { textField } from './position-rows';

export type ClosableReason = 'tPlusOne' | 'lockup';

/** Markets trading T+1 (server T_PLUS_ONE). */
const T_PLUS_ONE_MARKETS: ReadonlySet<string> = new Set(['cny']);
/** China's UTC offset (no daylight saving): a buy time's local date there. */
const CHINA_OFFSET_MS = 8 * 3600_000;
/** More calendar days than China's T+1 date can follow the buy date (its longest market closure is ~11). */
const T1_MAX_DAYS = 14;
const DAY_MS = 86_400_000;

/** The rule behind a holding's `closable_from` (see above); `market` is used when the record names none. */
export function closableReason(record: Record<string, unknown>, market?: string): ClosableReason {
  if (record.source === 'new_share') return 'lockup';
  const from = textField(record, 'closable_from');
  const where = textField(record, 'market') ?? market;
  if (!from || !where) return 'tPlusOne';
  if (!T_PLUS_ONE_MARKETS.has(where)) return 'lockup';
  const bought = Date.parse(textField(record, 'buy_time') ?? '');
  const until = Date.parse(`${from.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(bought) || Number.isNaN(until)) return 'tPlusOne';
  const buyDay = Math.floor((bought + CHINA_OFFSET_MS) / DAY_MS) * DAY_MS;
  return until - buyDay > T1_MAX_DAYS * DAY_MS ? 'lockup' : 'tPlusOne';
}

/** The locale key of the note saying from when a holding may be closed, and why. */
export function closableNoteKey(record: Record<string, unknown>, market?: string): string {
  return closableReason(record, market) === 'lockup' ? 'positions.detail.lockedUntil' : 'positions.detail.closableFrom';
}
