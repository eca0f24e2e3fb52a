import { z } from 'zod';
import { ENDPOINTS, type EndpointDef } from 'shared/contract';
import { buildOpenApi } from './openapi';

interface Operation {
  parameters?: Array<{ name: string; in: string; required?: boolean }>;
  requestBody: { content: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }> };
  responses: Record<string, { content?: unknown }>;
}

/** The document as /api/docs serves it (JSON). */
const document = JSON.parse(JSON.stringify(buildOpenApi())) as { paths: Record<string, { post: Operation }> };
const routes = Object.entries(ENDPOINTS as Record<string, EndpointDef>).map(([name, endpoint]) => ({
  name,
  endpoint,
  operation: document.paths[`/api/vue${endpoint.path}`]!.post,
  /** The contract's request as JSON Schema, computed here independently of openapi.ts. */
  expected: JSON.parse(
    JSON.stringify(z.toJSONSchema(endpoint.request, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' })),
  ) as { properties?: Record<string, unknown>; required?: string[] },
}));

describe('the OpenAPI document (/api/docs)', () => {
  it('documents every route of the contract', () => {
    expect(routes.length).toBe(Object.keys(ENDPOINTS).length);
    for (const { name, operation } of routes) expect([name, operation]).toEqual([name, expect.any(Object)]);
  });

  it('documents each request as the contract validates it, form-encoded and JSON', () => {
    for (const { name, endpoint, operation, expected } of routes.filter((r) => !r.endpoint.files)) {
      const { content } = operation.requestBody;
      expect([name, Object.keys(content).sort()]).toEqual([
        name,
        ['application/json', 'application/x-www-form-urlencoded'],
      ]);
      expect([name, content['application/json']!.schema]).toEqual([name, expected]);
      expect([name, content['application/x-www-form-urlencoded']!.schema]).toEqual([name, expected]);
      expect(endpoint.files).toBeUndefined();
    }
  });

  it('documents uploads as multipart/form-data: the request fields plus each file as a binary part', () => {
    const uploads = routes.filter((r) => r.endpoint.files);
    expect(uploads.map((r) => r.name).sort()).toEqual(['deposit', 'realname']);
    for (const { name, endpoint, operation, expected } of uploads) {
      const { content } = operation.requestBody;
      expect([name, Object.keys(content)]).toEqual([name, ['multipart/form-data']]);
      const schema = content['multipart/form-data']!.schema;
      const files = endpoint.files!;
      const textFields = Object.fromEntries(
        Object.entries(schema.properties ?? {}).filter(([field]) => !files.includes(field)),
      );
      expect([name, textFields]).toEqual([name, expected.properties ?? {}]);
      expect([name, (schema.required ?? []).filter((f) => !files.includes(f))]).toEqual([
        name,
        expected.required ?? [],
      ]);
      for (const file of files) {
        expect([name, schema.properties?.[file]]).toEqual([
          name,
          expect.objectContaining({ type: 'string', format: 'binary' }),
        ]);
        expect([name, schema.required]).toEqual([name, expect.arrayContaining([file])]);
      }
    }
  });

  it('documents the Idempotency-Key header on every idempotent call, and only there', () => {
    for (const { name, endpoint, operation } of routes) {
      const header = operation.parameters?.find((p) => p.name === 'Idempotency-Key' && p.in === 'header');
      expect([name, Boolean(header)]).toEqual([name, Boolean(endpoint.idempotent)]);
    }
    expect(routes.filter((r) => r.endpoint.idempotent).length).toBeGreaterThan(3);
  });

  it('documents 401 on every auth route and 403 on every admin route', () => {
    for (const { name, endpoint, operation } of routes) {
      expect([name, '401' in operation.responses]).toEqual([name, endpoint.auth || Boolean(endpoint.admin)]);
      expect([name, '403' in operation.responses]).toEqual([name, Boolean(endpoint.admin)]);
    }
    expect(routes.filter((r) => r.endpoint.admin).length).toBeGreaterThan(5);
  });
});
