import { clockFromEnv } from './clock';

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
    expect(() => clockFromEnv({ TEST_CLOCK_START: '2026-11-24T01:00:00Z', NODE_ENV: 'production' })).toThrow(/production/);
    expect(() => clockFromEnv({ TEST_CLOCK_START: 'tomorrow' })).toThrow(/ISO/);
  });
});
