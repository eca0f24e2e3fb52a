/**
 * Closing well (issue 34 point 5; main.ts runs it on SIGTERM): once the app starts closing, new requests are
 * answered 503 (Fastify's return503OnClosing) and every answer still being written says `Connection: close`, so a
 * keep-alive socket whose request was in flight ends with its answer instead of idling until keepAliveTimeout
 * (72 s) held the process open. Idle sockets are closed at once (forceCloseConnections: 'idle', app.ts).
 */
import fp from 'fastify-plugin';

export const gracefulClosePlugin = fp(
  async (app) => {
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });
    app.addHook('onSend', async (_request, reply, payload) => {
      if (closing) reply.header('connection', 'close');
      return payload;
    });
  },
  { name: 'graceful-close' },
);
