/**
 * The hub's protocol-level heartbeat (hub.ts): the sockets are pinged in turns spread over `heartbeatMs`, and a socket
 * that has not answered its previous ping is dropped.
 */
import type { WebSocket } from 'ws';
import { sendPing } from './frames';

/** What the heartbeat reads and writes of a socket. */
export interface Beating {
  ws: WebSocket;
  alive: boolean;
  /** Its heartbeat turn. */
  slot: number;
  /** Non-zero: the turn that made its ping due. */
  pingDue?: number;
}

/** The turns per heartbeat: HubOptions.heartbeatSlices, by default one turn per two frame intervals, at most 30. */
export function heartbeatSlices(options: {
  heartbeatMs: number;
  heartbeatSlices?: number;
  frameIntervalMs: number;
}): number {
  return Math.max(
    1,
    Math.round(
      options.heartbeatSlices ??
        Math.min(30, Math.floor(options.heartbeatMs / Math.max(1, 2 * options.frameIntervalMs))),
    ),
  );
}

/**
 * One turn of the heartbeat. Each socket has its turn once per `heartbeatMs` (`slot`, in the order accepted): a
 * socket that has not answered its previous ping (nor sent anything since) is dropped (`dead`), the others are due a
 * ping. A due ping goes out with the socket's next quote frame, in the same write (fan-out.ts, frames.ts sendShared):
 * with thousands of sockets following quotes, a write of its own per socket was the stream's largest cost beyond
 * the frames' own writes (bench/MEASUREMENTS.md). A socket that got no frame by the next turn is pinged on its own
 * then. `pingDue` holds the turn that made the ping due (0: none).
 */
export function heartbeatTurn<C extends Beating>(
  clients: Iterable<C>,
  beat: number,
  slices: number,
  dead: (client: C) => void,
): void {
  const slot = beat % slices;
  for (const client of clients) {
    if (client.slot === slot && client.pingDue === 0) {
      if (!client.alive) {
        dead(client);
        continue;
      }
      client.alive = false;
      client.pingDue = beat;
    } else if (client.pingDue && client.pingDue < beat) {
      client.pingDue = 0;
      sendPing(client.ws);
    }
  }
}
