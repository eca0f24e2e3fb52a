/**
 * One text frame written to many sockets (and the heartbeat's ping, with a frame or alone). `ws.send` frames the
 * payload again for every socket (options objects, a header buffer, cork + two writes); with thousands of sockets
 * sharing a frame it is cheaper to build the whole WebSocket frame once (RFC 6455 §5.2: FIN + text opcode, the
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
  /** The heartbeat's ping followed by this frame, made once for the sockets due a ping (see sendShared). */
  withPing?: Buffer;
}

function header(wire: Buffer, length: number): number {
  wire[0] = 0x81;
  if (length < 126) {
    wire[1] = length;
    return 2;
  }
  if (length < 65_536) {
    wire[1] = 126;
    wire.writeUInt16BE(length, 2);
    return 4;
  }
  wire[1] = 127;
  wire.writeUInt32BE(0, 2);
  wire.writeUInt32BE(length, 6);
  return 10;
}

function headerLength(length: number): number {
  return length < 126 ? 2 : length < 65_536 ? 4 : 10;
}

/**
 * The text frame of `head + parts.join(',') + tail`, from pieces already encoded as UTF-8 (each
 * quote is encoded once per second and language, then only copied into the frames that carry it).
 */
export function joinedTextFrame(head: Buffer, parts: readonly Buffer[], tail: Buffer): SharedFrame {
  let length = head.length + tail.length + (parts.length > 0 ? parts.length - 1 : 0);
  for (const part of parts) length += part.length;
  const wire = Buffer.allocUnsafe(headerLength(length) + length);
  const start = header(wire, length);
  wire.set(head, start);
  let offset = start + head.length;
  for (let i = 0; i < parts.length; i += 1) {
    if (i > 0) wire[offset++] = 0x2c;
    const part = parts[i]!;
    wire.set(part, offset);
    offset += part.length;
  }
  wire.set(tail, offset);
  return { wire, payload: wire.subarray(start) };
}

interface WsInternals {
  _socket?: Socket;
  _sender?: { _state?: number };
}

const TEXT = { binary: false } as const;
/** A ping control frame with no payload (RFC 6455 §5.5.2: FIN + opcode 0x9, length 0, no mask from a server). */
const PING_WIRE = Buffer.from([0x89, 0x00]);

/** Writes a whole frame straight to the socket when ws has nothing of its own queued; false otherwise. */
function writeDirect(ws: WebSocket, wire: Buffer): boolean {
  const internals = ws as unknown as WsInternals;
  const socket = internals._socket;
  if (!socket || internals._sender?._state !== 0 || socket.destroyed) return false;
  socket.write(wire);
  return true;
}

/**
 * Writes a shared frame to one socket. `ping`: the heartbeat's ping goes in the same write, just before the frame
 * (a control frame between two messages, RFC 6455 §5.4), so a socket that receives quotes costs the heartbeat no
 * write of its own; the two frames are joined once per frame, not per socket.
 */
export function sendShared(ws: WebSocket, frame: SharedFrame, ping = false): void {
  if (ws.readyState !== WebSocket.OPEN) return;
  const wire = ping ? (frame.withPing ??= Buffer.concat([PING_WIRE, frame.wire])) : frame.wire;
  if (writeDirect(ws, wire)) return;
  if (ping) ws.ping();
  ws.send(frame.payload, TEXT);
}

/**
 * The heartbeat's ping: the same two bytes for every socket, written as they are (ws.ping frames
 * them again per socket: a header, cork and two writes for an empty payload).
 */
export function sendPing(ws: WebSocket): void {
  if (ws.readyState !== WebSocket.OPEN) return;
  if (!writeDirect(ws, PING_WIRE)) ws.ping();
}
