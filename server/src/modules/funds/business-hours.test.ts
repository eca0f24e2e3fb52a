import { parseHours, withdrawWindowState } from './business-hours';

const window = { ...parseHours('09:00-15:30')!, holidays: new Set(['2026-11-23']) };
const at = (iso: string) => withdrawWindowState(new Date(iso), window);

describe('withdrawal hours (Japan time, business days 09:00–15:30)', () => {
  it('is open on a business day from 09:00 up to but not including 15:30', () => {
    expect(at('2026-11-16T00:00:00Z').open).toBe(true); // Mon 09:00 JST
    expect(at('2026-11-16T06:29:59Z').open).toBe(true); // Mon 15:29:59
    expect(at('2026-11-16T06:30:00Z')).toEqual({
      open: false,
      nextOpen: '2026-11-17 09:00 JST',
      nextOpenAt: new Date('2026-11-17T00:00:00Z'),
    });
  });

  it('names the same day before opening, and skips weekends and holidays', () => {
    expect(at('2026-11-15T23:59:00Z').nextOpen).toBe('2026-11-16 09:00 JST'); // Mon 08:59
    expect(at('2026-11-20T07:00:00Z').nextOpen).toBe('2026-11-24 09:00 JST'); // Fri 16:00 → Sat, Sun, Mon holiday
    expect(at('2026-11-23T02:00:00Z').open).toBe(false); // the holiday itself
  });

  it('refuses malformed hours', () => {
    expect(parseHours('15:30-09:00')).toBeUndefined();
    expect(parseHours('9-15')).toBeUndefined();
  });
});
