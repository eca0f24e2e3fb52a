/**
 * The one error handler: refusals become the envelope with a catalogue key, everything unexpected
 * becomes `server_error` with the details only in the log. No answer ever carries a stack. A database that cannot
 * be reached (an outage, a restart) is answered 503 `service_unavailable` with Retry-After; the pool opens new
 * connections on the next request, so the API recovers by itself once the database is back.
 */
import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { BusinessError, SessionError } from '../errors';
import { isDatabaseUnavailable } from '../db/errors';

/** Seconds a client is told to wait during a database outage. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

export const errorHandlerPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof BusinessError) {
        const { field, values } = error.extra;
        return reply
          .code(200)
          .send({ status: 0, msg: error.key, ...(field ? { field } : {}), ...(values ? { values } : {}) });
      }
      if (error instanceof SessionError) return reply.code(401).send({ status: 0, msg: error.key });
      const statusCode = typeof error.statusCode === 'number' ? error.statusCode : 500;
      if (statusCode >= 400 && statusCode < 500) {
        // Malformed requests (bad JSON, wrong content type, body too large): the client's fault.
        request.log.info({ code: error.code, statusCode }, 'client error');
        if (statusCode === 404) return reply.code(404).send({ status: 0, msg: 'not_found' });
        if (statusCode === 429) return reply.code(429).send({ status: 0, msg: 'too_frequent' });
        return reply.code(statusCode).send({ status: 0, msg: 'field_invalid', values: { field: 'body' } });
      }
      if (isDatabaseUnavailable(error)) {
        request.log.error({ err: error }, 'database unavailable');
        return reply
          .code(503)
          .header('retry-after', String(OUTAGE_RETRY_AFTER_SECONDS))
          .send({ status: 0, msg: 'service_unavailable' });
      }
      // The app's err serializer (security/log-redaction.ts) drops SQL params and masks quoted values.
      request.log.error({ err: error }, 'unhandled error');
      return reply.code(500).send({ status: 0, msg: 'server_error' });
    });
    app.setNotFoundHandler((request, reply) => reply.code(404).send({ status: 0, msg: 'not_found' }));
  },
  { name: 'error-handler' },
);
