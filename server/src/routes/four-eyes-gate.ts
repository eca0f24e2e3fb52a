/**
 * Four-eyes for catalogue changes (issue 14; docs/decisions/0026-back-office-roles-and-four-eyes.md). Always: each
 * call below is recorded as a four-eyes request (four_eyes_waiting) instead of running; when a second, different
 * administrator approves it, the endpoint's own handler runs with the recorded request, as the approver. There is
 * no switch: one person can never change the catalogue (or the site config, four-eyes thresholds included) alone.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EndpointName } from 'shared/contract';
import { requireUser } from '../plugins/auth';
import type { Handler, Handlers } from './api-handlers';

export const CATALOGUE_FOUR_EYES = [
  'adminNewShareCreate',
  'adminNewShareEdit',
  'adminNewShareWithdraw',
  'adminNewShareDraw',
  'adminBlockCreate',
  'adminBlockClose',
  'adminCopyProductCreate',
  'adminCopyProductOffShelf',
  'adminRate',
  'adminConfig',
] as const satisfies readonly EndpointName[];

/** What a request acts on: one pending request per endpoint and target (a double submit is refused). */
export function catalogueTarget(name: string, input: Record<string, unknown>): string {
  if (name === 'adminConfig') return `config:${String(input.name)}`;
  if (name === 'adminRate') return `rate:${String(input.from)}/${String(input.to)}`;
  if (input.id !== undefined) return `${name}:${String(input.id)}`;
  const digest = createHash('sha256').update(JSON.stringify(input)).digest('hex').slice(0, 24);
  return `${name}:${digest}`;
}

/** Wraps the catalogue handlers of `handlers` (in place) and registers each as its approval's executor. */
export function gateCatalogueChanges(app: FastifyInstance, handlers: Partial<Handlers>): void {
  for (const name of CATALOGUE_FOUR_EYES) {
    const run = handlers[name] as Handler<EndpointName> | undefined;
    if (!run) continue;
    app.fourEyes.register(name, (payload, { request }) => run(payload as never, request as FastifyRequest));
    const gated: Handler<EndpointName> = async (input, request) => {
      const { userId, roles } = requireUser(request);
      const fields = input as Record<string, unknown>;
      return app.fourEyes.submit({ userId, roles }, name, input as never, catalogueTarget(name, fields));
    };
    (handlers as Record<string, Handler<EndpointName>>)[name] = gated;
  }
}
