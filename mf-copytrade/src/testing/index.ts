/**
 * Test helpers of this remote (`#testing`): `renderRemote` renders a path through the real `register` (routes,
 * namespace) in a mini host, faking only HTTP, so a feature's screen tests need not import `src/expose/` (features
 * never import outside themselves and lib). The jsdom polyfills live in shared/src/test-utils/setup-dom.ts.
 *
 * Importing it also pins the clock for every test of the importing file (TEST_NOW): screens read "today" in a
 * market's clock (a session's close shows its date once that day is over in Tokyo), so on the real clock a test could
 * pass or fail depending on which side of midnight in Tokyo it ran.
 */
import { renderRemote as renderRegistered, type RemoteRenderOptions } from 'shared/remote-kit/testing';
import { register } from '../expose/register';

/**
 * The instant the screen tests run at: Tuesday 24 November 2026, 10:00 in Tokyo (09:00 in Shanghai), a trading
 * day in session in both markets, the day of the fixtures (trade_date 2026-11-24), far from midnight either way.
 */
export const TEST_NOW = new Date('2026-11-24T01:00:00Z');

/**
 * Pins `Date` (new Date(), Date.now()) at `now` for the current test. Only `Date` is faked: timers, microtasks and
 * animation frames stay real, so RTK Query, user-event and waitFor run as they do without it.
 */
export function pinClock(now: Date = TEST_NOW): void {
  jest.useFakeTimers({
    now,
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
}

beforeEach(() => pinClock());
afterEach(() => jest.useRealTimers());

/** Registers mf_copytrade in a mini host and renders the route at `path` (network faked by `adapter`). */
export function renderRemote(path: string, options: RemoteRenderOptions = {}) {
  return renderRegistered(register, path, options);
}
