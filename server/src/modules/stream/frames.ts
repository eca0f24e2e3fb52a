/**
 * One text frame written to many sockets. `ws.send` frames the payload again for every socket
 * (options objects, a header buffer, cork + two writes); with thousands of sockets sharing a frame
 * it is cheaper to build the whole WebSocket frame once (RFC 6455 §5.2: FIN + text opcode, the
 * payload length, no mask from a server) and write that buffer to each socket in one call.
 *
 * The direct write is taken only when it cannot interleave with ws's own output: the socket is
 * open and ws's sender has nothing queued (it queues only while compressing or reading a Blob; the
 * stream turns compression off and never sends Blobs). Otherwise `ws.send` is used. ws is pinned
 * (8.23.0); `_socket` and `_sender._state` are its internals, checked at each use.
 */
import type { Socket } from 'node:net';
import WebSocket from 'ws';

/** A text frame ready for the wire, and its payload (for the ws.send fallback). */
export interface SharedFrame {
  wire: Buffer;
  payload: Buffer;
}

export function textFrame(text: string): SharedFrame {
  const length = Buffer.byteLength(text);
  const headerLength = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const wire = Buffer.allocUnsafe(headerLength + length);
  wire[0] = 0x81;
  if (length < 126) {
    wire[1] = length;
  } else if (length < 65_536) {
    wire[1] = 126;
    wire.writeUInt16BE(length, 2);
  } else {
    wire[1] = 127;
    wire.writeUInt32BE(0, 2);
    wire.writeUInt32BE(length, 6);
  }
  wire.write(text, headerLength, 'utf8');
  return { wire, payload: wire.subarray(headerLength) };
}

interface WsInternals {
  _socket?: Socket;
  _sender?: { _state?: number };
}

const TEXT = { binary: false } as const;

export function sendShared(ws: WebSocket, frame: SharedFrame): void {
  if (ws.readyState !== WebSocket.OPEN) return;
  const internals = ws as unknown as WsInternals;
  const socket = internals._socket;
  if (socket && internals._sender?._state === 0 && !socket.destroyed) {
    socket.write(frame.wire);
  } else {
    ws.send(frame.payload, TEXT);
  }
}
