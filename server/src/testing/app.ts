/**
 * Builds the real app against a test backend. Password hashing runs at a low scrypt cost and rate
 * limits are relaxed so suites stay fast; the suites that test those two things pass their own.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../app';
import type { TestBackend } from './backends';
import { resetMoneyLimiter } from '../security/money-limiter';

export const TEST_SCRYPT = { N: 2 ** 10, r: 8, p: 1 };
const relaxed = { max: 10_000, windowMs: 60_000 };

export interface TestApp {
  app: FastifyInstance;
  /** Closes the app and drops the backend's test schema. */
  close(): Promise<void>;
}

export async function startTestApp(backend: TestBackend, options: Partial<AppOptions> = {}): Promise<TestApp> {
  // The money limiter is per process and keyed by user id: a new database numbers its users from 1
  // again, so calls recorded against another test app's users must not count here.
  resetMoneyLimiter();
  const testDb = await backend.open();
  let app: FastifyInstance;
  try {
    app = await buildApp({
      database: testDb.config,
      passwordCost: TEST_SCRYPT,
      rateLimits: {
        loginPerAccount: relaxed,
        loginPerIp: relaxed,
        registerPerAccount: relaxed,
        registerPerIp: relaxed,
      },
      ...options,
    });
  } catch (error) {
    // Never leave a test schema behind, even when the app fails to start.
    await testDb.cleanup();
    throw error;
  }
  return {
    app,
    async close() {
      await app.close();
      await testDb.cleanup();
    },
  };
}
