import type { AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import { StreamHub, type HubOptions } from './hub';

const OPTIONS: HubOptions = {
  maxCodes: 10,
  maxConnectionsPerSession: 10,
  maxConnectionsPerIp: 10,
  maxBufferedBytes: 256 * 1024,
  authTimeoutMs: 60_000,
  heartbeatMs: 40,
  sessionCheckMs: 60_000,
  frameIntervalMs: 1000,
  messageRate: { burst: 10, perSecond: 10 },
};

/** The heartbeat over real sockets: its ping is a valid control frame, answered pongs keep a socket. */
describe('stream heartbeat', () => {
  let wss: WebSocketServer;
  let hub: StreamHub;
  let url = '';
  const opened: WebSocket[] = [];

  beforeAll(async () => {
    hub = new StreamHub(OPTIONS, {
      quote: () => undefined,
      authenticate: () => Promise.reject(new Error('not used')),
      liveSessions: () => Promise.resolve(new Set()),
      now: () => new Date(),
      log: { warn: () => undefined },
    });
    wss = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
    wss.on('connection', (ws) => hub.accept(ws, '127.0.0.1'));
    await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
    url = `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    for (const ws of opened) ws.terminate();
    hub.close();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
  });

  const connect = (autoPong: boolean): Promise<WebSocket> =>
    new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { autoPong });
      opened.push(ws);
      ws.once('open', () => resolve(ws));
      ws.once('error', reject);
    });

  it('pings each socket with an empty ping frame, keeps one that answers, drops one that does not', async () => {
    const answering = await connect(true);
    const silent = await connect(false);
    const pings: Buffer[] = [];
    answering.on('ping', (data: Buffer) => pings.push(data));
    let silentPings = 0;
    silent.on('ping', () => (silentPings += 1));
    const silentClosed = new Promise<void>((resolve) => silent.once('close', () => resolve()));

    await silentClosed;
    expect(silentPings).toBeGreaterThanOrEqual(1);
    // The answering socket keeps receiving pings after the silent one is gone.
    const before = pings.length;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(pings.length).toBeGreaterThan(before);
    expect(pings.every((data) => data.length === 0)).toBe(true);
    expect(answering.readyState).toBe(WebSocket.OPEN);
  });
});
