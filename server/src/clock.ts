/**
 * The server's clock. `npm start` follows the real clock; browser tests start the server with
 * TEST_CLOCK_START so money rules that depend on Tokyo business hours can be exercised any day.
 */
/** A clock shifted to start at TEST_CLOCK_START and advance in real time; undefined means the real clock. */
export function clockFromEnv(env: NodeJS.ProcessEnv): (() => Date) | undefined {
  if (!env.TEST_CLOCK_START) return undefined;
  if (env.NODE_ENV === 'production') throw new Error('TEST_CLOCK_START is for tests and is refused when NODE_ENV=production');
  const start = Date.parse(env.TEST_CLOCK_START);
  if (Number.isNaN(start)) throw new Error(`TEST_CLOCK_START is not an ISO date: ${env.TEST_CLOCK_START}`);
  const offset = start - Date.now();
  return () => new Date(Date.now() + offset);
}

