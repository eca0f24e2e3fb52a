/**
 * Registers every call of the shared ENDPOINTS table under /api/vue: POST, form-encoded or JSON,
 * validated with the table's schema, answered `{status: 1, msg, data}`. Auth routes run the
 * session hook first, so an anonymous call is refused before its body is even parsed.
 */
import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS, type EndpointDef, type EndpointName } from 'shared/contract';
import { createHandlers, type Handler } from './api-handlers';
import { parseRequest } from './validation';

export async function apiRoutes(app: FastifyInstance): Promise<void> {
  await app.register(formbody);
  const handlers = createHandlers(app);
  for (const [name, endpoint] of Object.entries(ENDPOINTS) as Array<[EndpointName, EndpointDef]>) {
    const handler = handlers[name] as Handler<EndpointName> | undefined;
    if (!handler) continue;
    app.post(endpoint.path, { onRequest: endpoint.auth ? [app.authenticate] : [] }, async (request) => {
      const input = parseRequest(endpoint.request, request.body) as Parameters<typeof handler>[0];
      const result = await handler(input, request);
      return { status: 1, msg: result.msg ?? '', data: result.data };
    });
  }
}
