/**
 * Registers every call of the shared ENDPOINTS table under /api/vue: POST, form-encoded or JSON,
 * validated with the table's schema, answered `{status: 1, msg, data}`. Auth routes run the
 * session hook first, so an anonymous call is refused before its body is even parsed; `admin`
 * routes then run `requireAdmin(name)` (roles from the database allowed by ADMIN_PERMISSIONS, 403
 * `forbidden` otherwise), also before the body is validated.
 *
 * Uploads: an endpoint with `files` is multipart. Its text fields are validated with the
 * endpoint's request schema like a form; its file parts (at most 5 MB each, only the names in
 * `files`, one each) reach the handler as `request.uploadedFiles` (`@fastify/multipart` already
 * owns `request.files()`); a missing part answers the endpoint's `filesRequiredKey`. The bytes are
 * checked (magic bytes, size) by `saveUpload` in modules/uploads.
 */
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { ENDPOINTS, type EndpointDef, type EndpointName } from 'shared/contract';
import { isMessageKey } from 'shared/messages';
import { BusinessError } from '../errors';
import { withAuditContext } from '../modules/audit/audit-context';
import { uploadedFile, type UploadedFile } from '../modules/uploads/uploaded-files';
import { MAX_UPLOAD_BYTES } from '../modules/uploads/uploads-service';
import { createHandlers, type Handler } from './api-handlers';
import { compressAnswers } from './compress';
import { gateCatalogueChanges } from './four-eyes-gate';
import { parseRequest } from './validation';

const MULTIPART_LIMITS = {
  fileSize: MAX_UPLOAD_BYTES,
  fieldNameSize: 64,
  fieldSize: 4096,
  fields: 20,
  headerPairs: 50,
};

/** Reads a multipart body: text fields for the schema, file parts for the handler. */
async function readMultipart(
  request: FastifyRequest,
  endpoint: EndpointDef,
): Promise<{ fields: Record<string, string>; files: Record<string, UploadedFile> }> {
  const allowed = endpoint.files ?? [];
  const fields: Record<string, string> = {};
  const files: Record<string, UploadedFile> = {};
  if (!request.isMultipart()) {
    const body = request.body;
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      for (const [key, value] of Object.entries(body)) if (typeof value === 'string') fields[key] = value;
    }
    return { fields, files };
  }
  try {
    for await (const part of request.parts({
      limits: { ...MULTIPART_LIMITS, files: allowed.length, parts: allowed.length + MULTIPART_LIMITS.fields },
    })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (!allowed.includes(part.fieldname) || files[part.fieldname])
          throw new BusinessError('field_invalid', { field: part.fieldname, values: { field: part.fieldname } });
        files[part.fieldname] = { data, filename: part.filename };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof BusinessError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new BusinessError('file_too_large', { values: { max: '5 MB' } });
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new BusinessError('field_invalid', { values: { field: 'body' } });
    }
    throw error;
  }
  return { fields, files };
}

export { uploadedFile, type UploadedFile };

export async function apiRoutes(app: FastifyInstance): Promise<void> {
  compressAnswers(app);
  await app.register(formbody);
  await app.register(multipart, { limits: { ...MULTIPART_LIMITS, files: 2 } });
  const handlers = createHandlers(app);
  gateCatalogueChanges(app, handlers);
  for (const [name, endpoint] of Object.entries(ENDPOINTS) as Array<[EndpointName, EndpointDef]>) {
    const handler = handlers[name] as Handler<EndpointName> | undefined;
    if (!handler) continue;
    const onRequest: onRequestAsyncHookHandler[] = [];
    if (endpoint.auth || endpoint.admin) onRequest.push(app.authenticate);
    if (endpoint.admin) onRequest.push(app.requireAdmin(name) as onRequestAsyncHookHandler);
    app.post(endpoint.path, { onRequest }, async (request) => {
      let body: unknown = request.body;
      if (endpoint.files) {
        const parsed = await readMultipart(request, endpoint);
        body = parsed.fields;
        request.uploadedFiles = parsed.files;
      }
      const input = parseRequest(endpoint.request, body) as Parameters<typeof handler>[0];
      if (endpoint.files) {
        for (const part of endpoint.files) {
          if (!request.uploadedFiles?.[part]) {
            const key = isMessageKey(endpoint.filesRequiredKey) ? endpoint.filesRequiredKey : 'field_invalid';
            throw new BusinessError(key, {
              field: part,
              ...(key === 'field_invalid' ? { values: { field: part } } : {}),
            });
          }
        }
      }
      const user = request.sessionUser;
      const result =
        endpoint.admin && user
          ? await withAuditContext({ actorId: user.userId, roles: user.roles, ip: request.ip }, () =>
              handler(input, request),
            )
          : await handler(input, request);
      return { status: 1, msg: result.msg ?? '', data: result.data };
    });
  }
}
