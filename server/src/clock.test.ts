import { clockFromEnv, createTestClock, testClockFromEnv } from './clock';

describe('clockFromEnv', () => {
  it('follows the real clock when TEST_CLOCK_START is not set', () => {
    expect(clockFromEnv({})).toBeUndefined();
  });

  it('starts at TEST_CLOCK_START and advances in real time', () => {
    const now = clockFromEnv({ TEST_CLOCK_START: '2026-11-24T01:00:00Z' })!;
    const first = now().getTime();
    expect(Math.abs(first - Date.parse('2026-11-24T01:00:00Z'))).toBeLessThan(1000);
    expect(now().getTime()).toBeGreaterThanOrEqual(first);
  });

  it('refuses a test clock in production and a malformed date', () => {
    expect(() => clockFromEnv({ TEST_CLOCK_START: '2026-11-24T01:00:00Z', NODE_ENV: 'production' })).toThrow(
      /production/,
    );
    expect(() => clockFromEnv({ TEST_CLOCK_START: 'tomorrow' })).toThrow(/ISO/);
  });
});

describe('createTestClock', () => {
  it('moves only when told when frozen: set jumps, advance adds', () => {
    const clock = createTestClock(new Date('2026-11-16T01:00:00Z'), { running: false });
    expect(clock.now().toISOString()).toBe('2026-11-16T01:00:00.000Z');
    clock.advance(90_000);
    expect(clock.now().toISOString()).toBe('2026-11-16T01:01:30.000Z');
    clock.set(new Date('2026-11-17T02:00:00Z'));
    expect(clock.now().toISOString()).toBe('2026-11-17T02:00:00.000Z');
    expect(() => clock.set(new Date('nope'))).toThrow(RangeError);
  });

  it('keeps running at real speed from where it was moved to', () => {
    const clock = testClockFromEnv({ TEST_CLOCK_START: '2026-11-24T01:00:00Z' })!;
    clock.advance(3_600_000);
    expect(Math.abs(clock.now().getTime() - Date.parse('2026-11-24T02:00:00Z'))).toBeLessThan(1000);
  });
});
