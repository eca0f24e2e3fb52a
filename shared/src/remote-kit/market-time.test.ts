import { formatMarketHours, formatMarketTime, marketZoneName } from './market-time';

// Jest runs with the device in UTC; the other zones are passed explicitly. Spaces inside a clock are no-break.
const plain = (text: string) => text.replace(/\u00a0/g, ' ');
const fmt = (...args: Parameters<typeof formatMarketTime>) => plain(formatMarketTime(...args));
const hours = (...args: Parameters<typeof formatMarketHours>) => plain(formatMarketHours(...args));
const now = new Date('2026-11-24T01:00:00Z'); // 10:00 JST, 09:00 CST, 20:00 EST (23 Nov)

describe('formatMarketTime', () => {
  it("names the market's zone and the device's time when the device is elsewhere (UTC)", () => {
    expect(fmt('2026-11-24T03:30:00Z', 'jpy', 'us', { now })).toBe('12:30 JST · 03:30 your time');
    expect(fmt('2026-11-24T03:30:00Z', 'jpy', 'cn', { now })).toBe('12:30 JST · 本机时间 03:30');
    expect(fmt('2026-11-24T03:30:00Z', 'jpy', 'ja', { now })).toBe('12:30 JST · 端末の時刻 03:30');
    expect(fmt('2026-11-24T03:30:00Z', 'jpy', 'en', { now })).toBe('12:30 JST · 03:30 your time');
  });

  it('uses the device zone of the test run (UTC) by default', () => {
    expect(fmt('2026-11-24T05:00:00Z', 'cny', 'us', { now })).toBe('13:00 CST · 05:00 your time');
  });

  it("leaves the device's time out when its clock reads the same", () => {
    const at = '2026-11-24T03:30:00Z';
    expect(fmt(at, 'jpy', 'us', { now, deviceZone: 'Asia/Tokyo' })).toBe('12:30 JST');
    expect(fmt(at, 'jpy', 'us', { now, deviceZone: 'Asia/Seoul' })).toBe('12:30 JST');
    expect(fmt(at, 'cny', 'cn', { now, deviceZone: 'Asia/Shanghai' })).toBe('11:30 CST');
  });

  it('shows the date when the instant is not today in the market, and the device date when it differs', () => {
    // Tokyo opens 09:00 JST on the 25th: 19:00 on the 24th in New York.
    expect(fmt('2026-11-25T00:00:00Z', 'jpy', 'us', { now, deviceZone: 'America/New_York' })).toBe(
      '2026-11-25 09:00 JST · 2026-11-24 19:00 your time',
    );
    expect(fmt('2026-11-25T00:00:00Z', 'jpy', 'us', { now, deviceZone: 'Europe/Berlin' })).toBe(
      '2026-11-25 09:00 JST · 01:00 your time',
    );
  });

  it('names the US zone EST or EDT by date', () => {
    const winter = new Date('2026-11-24T14:30:00Z');
    const summer = new Date('2026-07-01T13:30:00Z');
    expect(fmt(winter, 'usd', 'us', { now: winter, deviceZone: 'Asia/Tokyo' })).toBe('09:30 EST · 23:30 your time');
    expect(fmt(summer, 'usd', 'us', { now: summer, deviceZone: 'Asia/Tokyo' })).toBe('09:30 EDT · 22:30 your time');
    expect(marketZoneName('usd', winter)).toBe('EST');
    expect(marketZoneName('usd', summer)).toBe('EDT');
    expect(marketZoneName('jpy')).toBe('JST');
    expect(marketZoneName('cny')).toBe('CST');
  });

  it('reads a market clock written in text', () => {
    expect(fmt('2026-01-05 09:00 JST', 'jpy', 'us', { now })).toBe('2026-01-05 09:00 JST · 00:00 your time');
    expect(fmt('2026-07-01 09:30 EDT', 'usd', 'cn', { now, deviceZone: 'Asia/Tokyo' })).toBe(
      '2026-07-01 09:30 EDT · 本机时间 22:30',
    );
  });

  it('never breaks inside a clock: only around the middle dot and the phrase', () => {
    expect(formatMarketTime('2026-11-25T00:00:00Z', 'jpy', 'us', { now, deviceZone: 'America/New_York' })).toBe(
      '2026-11-25\u00a009:00\u00a0JST · 2026-11-24\u00a019:00 your time',
    );
  });

  it('shows a dash when absent and the raw text when unparseable', () => {
    expect(fmt(null, 'jpy', 'us')).toBe('—');
    expect(fmt('', 'jpy', 'us')).toBe('—');
    expect(fmt('-', 'jpy', 'us')).toBe('-');
  });
});

describe('formatMarketHours', () => {
  it("shows daily hours in the market's zone and the device's", () => {
    expect(hours('09:00-15:30', 'jpy', 'us', { now })).toBe('09:00–15:30 JST · 00:00–06:30 your time');
    expect(hours('09:00-15:30', 'jpy', 'cn', { now, deviceZone: 'Asia/Shanghai' })).toBe(
      '09:00–15:30 JST · 本机时间 08:00–14:30',
    );
    expect(hours('09:00-15:30', 'jpy', 'ja', { now, deviceZone: 'Asia/Tokyo' })).toBe('09:00–15:30 JST');
  });

  it('keeps text that is not a range of clock times', () => {
    expect(hours('business days', 'jpy', 'us', { now })).toBe('business days');
  });
});
