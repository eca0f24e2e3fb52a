/**
 * GET /api/docs: OpenAPI 3.1 generated from the ENDPOINTS table with zod 4's toJSONSchema, so the
 * published contract is the one the server validates with.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { ENDPOINTS, type EndpointDef } from 'shared/contract';
import { queryRows } from '../db/query';

const jsonSchema = (schema: z.ZodTypeAny, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' });

export function buildOpenApi(): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (const [name, endpoint] of Object.entries(ENDPOINTS) as Array<[string, EndpointDef]>) {
    const request = jsonSchema(endpoint.request, 'input');
    paths[`/api/vue${endpoint.path}`] = {
      post: {
        operationId: name,
        summary: endpoint.summary,
        ...(endpoint.auth ? { security: [{ token: [], account: [] }] } : {}),
        requestBody: {
          required: false,
          content: {
            'application/x-www-form-urlencoded': { schema: request },
            'application/json': { schema: request },
          },
        },
        responses: {
          '200': {
            description: 'status 1 with data, or status 0 with msg a message key (business or validation refusal)',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['status', 'msg'],
                  properties: {
                    status: { enum: [0, 1] },
                    msg: { type: 'string' },
                    field: { type: 'string' },
                    data: jsonSchema(endpoint.data, 'output'),
                  },
                },
              },
            },
          },
          ...(endpoint.auth
            ? { '401': { description: 'No valid session: msg session_expired, account_banned or account_frozen' } }
            : {}),
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Kabu API',
      version: '1',
      description: 'Every call is POST under /api/vue; answers are {status, msg, data}.',
    },
    components: {
      securitySchemes: {
        token: { type: 'apiKey', in: 'header', name: 'token' },
        account: { type: 'apiKey', in: 'header', name: 'account' },
      },
    },
    paths,
  };
}

export async function docsRoutes(app: FastifyInstance): Promise<void> {
  const document = buildOpenApi();
  app.get('/api/docs', async () => document);
  app.get('/api/health', async () => {
    await app.db.tx((tx) => queryRows(tx, sql`SELECT 1`), { readOnly: true });
    return { status: 1, msg: '', data: { database: app.db.backend } };
  });
}
