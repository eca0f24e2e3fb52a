/**
 * GET /api/docs: OpenAPI 3.1 generated from the ENDPOINTS table with zod 4's toJSONSchema, so the
 * published contract is the one the server validates with. Uploads are multipart/form-data with their
 * file parts as binary; idempotent calls take the Idempotency-Key header; auth routes answer 401 without
 * a valid session and admin routes 403 without the role.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { ENDPOINTS, type EndpointDef } from 'shared/contract';
import { queryRows } from '../db/query';

const jsonSchema = (schema: z.ZodTypeAny, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as Record<string, unknown>;

/** The documented request schema of an endpoint: the contract's request as JSON Schema (zod 4). */
export const requestJsonSchema = (endpoint: EndpointDef) => jsonSchema(endpoint.request, 'input');

/** An upload's multipart schema: the request's text fields plus each file part as binary. */
function multipartSchema(endpoint: EndpointDef, request: Record<string, unknown>): Record<string, unknown> {
  const files = endpoint.files ?? [];
  const properties = { ...((request.properties as Record<string, unknown> | undefined) ?? {}) };
  for (const file of files) properties[file] = { type: 'string', format: 'binary', contentMediaType: 'image/*' };
  const required = [...((request.required as string[] | undefined) ?? []), ...files];
  return { ...request, properties, required };
}

/** The envelope of a refusal (status 0 and a catalogue key). */
const refusalContent = {
  'application/json': {
    schema: {
      type: 'object',
      required: ['status', 'msg'],
      properties: { status: { const: 0 }, msg: { type: 'string' } },
    },
  },
};

/** The Idempotency-Key header of a money-moving call (same format the server checks). */
const IDEMPOTENCY_KEY_PARAMETER = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'One key per intended operation: a retry with the same key and body replays the first answer; ' +
    'the same key with another body answers idempotency_conflict.',
  schema: { type: 'string', pattern: '^[A-Za-z0-9_.:-]{8,128}$' },
};

export function buildOpenApi(): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (const [name, endpoint] of Object.entries(ENDPOINTS) as Array<[string, EndpointDef]>) {
    const request = requestJsonSchema(endpoint);
    // Uploads are multipart only (file parts named in `files`); every other call is a form or JSON.
    const content = endpoint.files
      ? { 'multipart/form-data': { schema: multipartSchema(endpoint, request) } }
      : {
          'application/x-www-form-urlencoded': { schema: request },
          'application/json': { schema: request },
        };
    paths[`/api/vue${endpoint.path}`] = {
      post: {
        operationId: name,
        summary: endpoint.summary,
        ...(endpoint.auth || endpoint.admin ? { security: [{ token: [], account: [] }] } : {}),
        ...(endpoint.idempotent ? { parameters: [IDEMPOTENCY_KEY_PARAMETER] } : {}),
        requestBody: { required: Boolean(endpoint.files), content },
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
                    values: { type: 'object', additionalProperties: { type: 'string' } },
                    data: jsonSchema(endpoint.data, 'output'),
                  },
                },
              },
            },
          },
          ...(endpoint.auth || endpoint.admin
            ? {
                '401': {
                  description:
                    'No valid session (none, expired or logged out): msg session_expired, ' +
                    'account_banned or account_frozen',
                  content: refusalContent,
                },
              }
            : {}),
          ...(endpoint.admin
            ? {
                '403': {
                  description: 'The session user lacks the admin role (stored in the database): msg forbidden',
                  content: refusalContent,
                },
              }
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
