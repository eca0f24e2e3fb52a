/**
 * The floor of the fan-out bench: a bare `ws` server, run in its own process
 * (`script --bare-server <args>`: the bench script, which runs bareServer then).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(path.join(ROOT, 'server/package.json'));

/**
 * The floor for comparison: a bare `ws` server (no application: no auth lookup, no subscriptions,
 * no quotes) that writes one pre-built frame of the same size to every socket once a second.
 */
export function bareServer() {
  const { WebSocketServer } = require('ws');
  const { port, sample } = JSON.parse(process.argv[3]);
  const quotes = JSON.stringify(JSON.parse(sample).quotes);
  const wss = new WebSocketServer({ port, host: '127.0.0.1', perMessageDeflate: false, maxPayload: 16 * 1024 });
  wss.on('connection', (ws) => {
    ws.on('message', (data) => {
      const op = JSON.parse(data.toString()).op;
      if (op === 'auth') ws.send('{"type":"ready"}');
      else if (op === 'sub') ws.send(`{"type":"snapshot","quotes":${quotes}}`);
    });
  });
  setInterval(() => {
    const frame = Buffer.from(`{"type":"ticks","time":"${new Date().toISOString()}","quotes":${quotes}}`);
    for (const ws of wss.clients) ws.send(frame, { binary: false });
  }, 1000);
  wss.on('listening', () => process.send({ type: 'listening' }));
}
