/**
 * POST /api/vue/test/clock — moves the test clock (browser tests: "a limit order fills when the
 * test clock moves the price across it"). Registered ONLY when the app was built with a test clock
 * (TEST_CLOCK_START, itself refused when NODE_ENV=production); without one the path does not exist.
 * Body (form or JSON): `to` (an ISO instant) or `advance_ms` (milliseconds, may be negative). After
 * the move the simulator steps to the new time (live ticks go out), the order matcher runs once and
 * so does a pass of the background jobs (draws, payment deadlines, listings); the answer carries the
 * new time, what the matcher did and what each job did.
 */
import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { TestClock } from '../clock';
import { parseRequest } from './validation';

const moveRequest = z
  .object({
    to: z
      .string()
      .trim()
      .optional()
      .refine((v) => v === undefined || !Number.isNaN(Date.parse(v)), 'field_invalid'),
    advance_ms: z.coerce.number({ error: 'field_invalid' }).int('field_invalid').optional(),
  })
  .refine((v) => (v.to === undefined) !== (v.advance_ms === undefined), { message: 'field_invalid', path: ['to'] });

export async function testClockRoutes(app: FastifyInstance, options: { clock: TestClock }): Promise<void> {
  const { clock } = options;
  await app.register(formbody);
  app.post('/test/clock', async (request) => {
    const input = parseRequest(moveRequest, request.body);
    if (input.to !== undefined) clock.set(new Date(input.to));
    else clock.advance(input.advance_ms!);
    const provider = app.market.provider as { step?: () => unknown };
    provider.step?.();
    const matched = await app.trade.matcher.runOnce();
    // Background jobs due at the new time (new-share draws, payment deadlines, listings), as a pass of the timer.
    const jobs = await app.jobs.runDue();
    return { status: 1, msg: '', data: { now: clock.now().toISOString(), matched, jobs } };
  });
}
