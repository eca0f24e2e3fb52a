import { readableValues } from './refusal';

const now = new Date('2026-11-24T01:00:00Z');
/** Spaces inside a clock are no-break (market-time.ts); compared here as plain spaces. */
const read = (...args: Parameters<typeof readableValues>) =>
  Object.fromEntries(Object.entries(readableValues(...args)).map(([k, v]) => [k, v.replace(/\u00a0/g, ' ')]));

describe('readableValues', () => {
  it("reads an instant in the market's clock, naming its zone and the device's time", () => {
    expect(read({ opens: '2026-11-24T03:30:00.000Z' }, 'en', 'jpy', { now })).toEqual({
      opens: '12:30 JST · 03:30 your time',
    });
    expect(read({ opens: '2026-11-24T03:30:00.000Z' }, 'ja', 'jpy', { now, deviceZone: 'Asia/Tokyo' })).toEqual({
      opens: '12:30 JST',
    });
  });

  it("prefers the values' own market", () => {
    const values = { market: 'usd', opens: '2026-11-24T14:30:00.000Z' };
    expect(read(values, 'zh-CN', 'jpy', { now: new Date('2026-11-24T14:00:00Z') })).toEqual({
      market: 'usd',
      opens: '09:30 EST · 本机时间 14:30',
    });
  });

  it('reads a market clock written in text ("2026-01-05 09:00 JST") in its own zone', () => {
    expect(read({ opens: '2026-01-05 09:00 JST' }, 'en', undefined, { now })).toEqual({
      opens: '2026-01-05 09:00 JST · 00:00 your time',
    });
  });

  it('keeps other values, and reads an instant without a market in local date and time', () => {
    expect(read({ min: '100', opens: '-' }, 'en', 'jpy')).toEqual({ min: '100', opens: '-' });
    expect(read({ opens: '2026-11-25T00:00:00.000Z' }, 'en')).toEqual({ opens: '2026-11-25 00:00' });
  });
});
