/**
 * A market's clock as the investor reads it: every market time names the market's zone and, when the device's
 * zone reads a different clock at that instant, the device's time too ("12:30 JST · 03:30 your time").
 * Japan is JST (Asia/Tokyo), the US ET (America/New_York, EST or EDT by date), China CST (Asia/Shanghai).
 * The phrase around the device's time is the `common` namespace's `marketTime.device` in zh-CN, en and ja.
 * Dates follow `formatDateTime` (`YYYY-MM-DD HH:mm`) and are shown only when they are not today's (market part)
 * or not the market's date (device part). Spaces inside each clock are no-break spaces.
 */
import type { Market } from '../mf';
import zhCN from '../i18n/common/zh-CN.json';
import en from '../i18n/common/en.json';
import ja from '../i18n/common/ja.json';

/** The session's market (shared/mf `Market`): jpy, usd, cny. */
export type MarketCode = Market;

export const MARKET_ZONES: Readonly<Record<MarketCode, string>> = {
  jpy: 'Asia/Tokyo',
  usd: 'America/New_York',
  cny: 'Asia/Shanghai',
};

export interface MarketTimeOptions {
  /** The device's IANA zone; defaults to the browser's. */
  deviceZone?: string;
  /** "Now", for deciding whether a date is today's; defaults to the current instant. */
  now?: Date | number;
}

interface Clock {
  date: string;
  time: string;
  /** Minutes east of UTC at the instant. */
  offset: number;
}

/**
 * Inside the market's part ("2026-11-25 09:00 JST") and the device's date and time, spaces do not break: a narrow
 * screen wraps the text at the " · " between the two clocks or around the translated phrase, never inside a date.
 */
const NBSP = '\u00a0';

const formatters = new Map<string, Intl.DateTimeFormat>();

function clockIn(instant: Date, zone: string): Clock {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(zone, format);
  }
  const part: Record<string, string> = {};
  for (const p of format.formatToParts(instant)) part[p.type] = p.value;
  const hour = part.hour === '24' ? '00' : part.hour!;
  const asUtc = Date.UTC(+part.year!, +part.month! - 1, +part.day!, +hour, +part.minute!);
  const offset = Math.round((asUtc - Math.floor(instant.getTime() / 60_000) * 60_000) / 60_000);
  return { date: `${part.year}-${part.month}-${part.day}`, time: `${hour}:${part.minute}`, offset };
}

/** The market's zone abbreviation at an instant: JST, EST/EDT, CST. */
export function marketZoneName(market: MarketCode, instant: Date | number = Date.now()): string {
  if (market === 'jpy') return 'JST';
  if (market === 'cny') return 'CST';
  return clockIn(new Date(instant), MARKET_ZONES.usd).offset === -240 ? 'EDT' : 'EST';
}

export function deviceTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

const DEVICE_PHRASE: Readonly<Record<string, string>> = {
  'zh-CN': zhCN.marketTime.device,
  en: en.marketTime.device,
  ja: ja.marketTime.device,
};

function devicePhrase(language: string | undefined, time: string): string {
  const tag =
    language === 'us' || language?.startsWith('en')
      ? 'en'
      : language === 'jp' || language?.startsWith('ja')
        ? 'ja'
        : 'zh-CN';
  return DEVICE_PHRASE[tag]!.replace('{{time}}', time);
}

const ZONE_OFFSETS: Readonly<Record<string, number>> = { JST: 540, CST: 480, EST: -300, EDT: -240 };

/** A market clock as servers write it in text: "2026-01-05 09:00 JST" (JST, CST, EST, EDT). */
export const MARKET_CLOCK_TEXT = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})\s+(JST|CST|EST|EDT)$/;

function toDate(value: string | number | Date): Date | undefined {
  const text = typeof value === 'string' ? MARKET_CLOCK_TEXT.exec(value.trim()) : null;
  if (text) {
    const [, y, mo, d, h, mi, zone] = text;
    return new Date(Date.UTC(+y!, +mo! - 1, +d!, +h!, +mi!) - ZONE_OFFSETS[zone!]! * 60_000);
  }
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * "12:30 JST · 03:30 your time" (translated); "2026-11-25 09:00 JST · 00:00 your time" when the instant is not
 * today in the market; the device part is left out when the device's clock reads the same. Takes an instant or a
 * market clock in text ("2026-01-05 09:00 JST"); unparseable text is returned as it is, an absent value as a dash.
 */
export function formatMarketTime(
  instant: string | number | Date | null | undefined,
  market: MarketCode,
  language?: string,
  options: MarketTimeOptions = {},
): string {
  if (instant === null || instant === undefined || instant === '') return '—';
  const at = toDate(instant);
  if (!at) return typeof instant === 'string' ? instant : '—';
  const zone = MARKET_ZONES[market];
  const there = clockIn(at, zone);
  const today = clockIn(new Date(options.now ?? Date.now()), zone).date;
  const marketDate = there.date === today ? '' : `${there.date}${NBSP}`;
  const marketText = `${marketDate}${there.time}${NBSP}${marketZoneName(market, at)}`;
  const device = clockIn(at, options.deviceZone ?? deviceTimeZone());
  if (device.offset === there.offset) return marketText;
  const deviceText = `${device.date === there.date ? '' : `${device.date}${NBSP}`}${device.time}`;
  return `${marketText} · ${devicePhrase(language, deviceText)}`;
}

/**
 * Daily hours in the market's clock ("09:00-15:30") as "09:00–15:30 JST · 00:00–06:30 your time", the device's
 * clock read on the day of `now`. Text that is not a range of clock times is returned with an en dash.
 */
export function formatMarketHours(
  hours: string,
  market: MarketCode,
  language?: string,
  options: MarketTimeOptions = {},
): string {
  const match = /^\s*(\d{1,2}):(\d{2})\s*[-–~〜]\s*(\d{1,2}):(\d{2})\s*$/.exec(hours);
  if (!match) return hours.replace('-', '–');
  const [, h1, m1, h2, m2] = match;
  const zone = MARKET_ZONES[market];
  const now = new Date(options.now ?? Date.now());
  const today = clockIn(now, zone);
  const [y, mo, d] = today.date.split('-').map(Number) as [number, number, number];
  // The instant the market's clock reads h:m today (its offset taken at noon there; no market changes zone mid-day).
  const noon = new Date(Date.UTC(y, mo - 1, d, 12) - today.offset * 60_000);
  const offset = clockIn(noon, zone).offset;
  const at = (h: string, m: string) => new Date(Date.UTC(y, mo - 1, d, +h, +m) - offset * 60_000);
  const from = at(h1!, m1!);
  const to = at(h2!, m2!);
  const marketText = `${clockIn(from, zone).time}–${clockIn(to, zone).time}${NBSP}${marketZoneName(market, from)}`;
  const deviceZone = options.deviceZone ?? deviceTimeZone();
  const a = clockIn(from, deviceZone);
  if (a.offset === offset) return marketText;
  const b = clockIn(to, deviceZone);
  return `${marketText} · ${devicePhrase(language, `${a.time}–${b.time}`)}`;
}
