/**
 * The server's clock. `npm start` follows the real clock; browser tests start the server with
 * TEST_CLOCK_START so money rules that depend on Tokyo business hours (and each market's trading
 * sessions) can be exercised any day.
 *
 * A test clock runs at real speed from its start and can be moved: `set` jumps to an instant,
 * `advance` moves it forward. The app registers POST /api/vue/test/clock to move it only when it
 * was built with a test clock (TEST_CLOCK_START); production never has one (refused there).
 */
export interface TestClock {
  now: () => Date;
  /** Jumps to an instant (the clock keeps running at real speed from there). */
  set(to: Date): void;
  /** Moves the clock forward (or back, with a negative value) by ms. */
  advance(ms: number): void;
}

/** A movable clock starting at `start`; `running` false freezes it between moves (unit tests). */
export function createTestClock(start: Date, options: { running?: boolean } = {}): TestClock {
  const running = options.running ?? true;
  let offset = start.getTime() - (running ? Date.now() : 0);
  const base = () => (running ? Date.now() : 0);
  return {
    now: () => new Date(base() + offset),
    set(to: Date) {
      if (Number.isNaN(to.getTime())) throw new RangeError('not a date');
      offset = to.getTime() - base();
    },
    advance(ms: number) {
      if (!Number.isFinite(ms)) throw new RangeError('not a number of milliseconds');
      offset += ms;
    },
  };
}

/** The movable test clock of TEST_CLOCK_START; undefined means the real clock. */
export function testClockFromEnv(env: NodeJS.ProcessEnv): TestClock | undefined {
  if (!env.TEST_CLOCK_START) return undefined;
  if (env.NODE_ENV === 'production')
    throw new Error('TEST_CLOCK_START is for tests and is refused when NODE_ENV=production');
  const start = Date.parse(env.TEST_CLOCK_START);
  if (Number.isNaN(start)) throw new Error(`TEST_CLOCK_START is not an ISO date: ${env.TEST_CLOCK_START}`);
  return createTestClock(new Date(start));
}

/** A clock shifted to start at TEST_CLOCK_START and advance in real time; undefined means the real clock. */
export function clockFromEnv(env: NodeJS.ProcessEnv): (() => Date) | undefined {
  return testClockFromEnv(env)?.now;
}
