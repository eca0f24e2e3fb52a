import type { EventEmitter } from 'node:events';
import WebSocket from 'ws';
import { joinedTextFrame, sendShared } from './frames';

// ws's frame parser (not in @types/ws).
type Receiver = EventEmitter & { write(chunk: Buffer): boolean };
const { Receiver } = WebSocket as unknown as {
  Receiver: new (options: { isServer: boolean; maxPayload: number }) => Receiver;
};

/** Decodes wire bytes with ws's own client-side parser. */
function decode(wire: Buffer): Promise<{ text: string; binary: boolean }> {
  return new Promise((resolve, reject) => {
    const receiver = new Receiver({ isServer: false, maxPayload: 0 });
    receiver.on('message', (data: Buffer, binary: boolean) => resolve({ text: data.toString(), binary }));
    receiver.on('error', reject);
    receiver.write(wire);
  });
}

describe('joinedTextFrame', () => {
  it.each([
    ['short (7-bit length)', 10],
    ['medium (16-bit length)', 400],
    ['long (64-bit length)', 40_000],
  ])('is one unmasked text frame that ws reads back exactly: %s', async (_name, size) => {
    const parts = [Buffer.from(`"${'あ'.repeat(size)}"`), Buffer.from('{"a":1}'), Buffer.from('"€"')];
    const frame = joinedTextFrame(Buffer.from('{"quotes":['), parts, Buffer.from(']}'));
    const expected = `{"quotes":[${parts.map(String).join(',')}]}`;
    expect(await decode(frame.wire)).toEqual({ text: expected, binary: false });
    expect(frame.payload.toString()).toBe(expected);
  });

  it('joins no parts into an empty list', async () => {
    expect((await decode(joinedTextFrame(Buffer.from('['), [], Buffer.from(']')).wire)).text).toBe('[]');
  });
});

describe('sendShared with the heartbeat’s ping', () => {
  /** A socket as ws keeps it (open, nothing of its own queued), recording what is written to the wire. */
  const openSocket = () => {
    const writes: Buffer[] = [];
    const ws = {
      readyState: WebSocket.OPEN,
      _socket: { destroyed: false, write: (chunk: Buffer) => writes.push(chunk) },
      _sender: { _state: 0 },
    };
    return { ws: ws as unknown as WebSocket, writes };
  };

  it('writes the ping and the frame in one write, joined once per frame', async () => {
    const frame = joinedTextFrame(Buffer.from('{"quotes":['), [Buffer.from('{"a":1}')], Buffer.from(']}'));
    const first = openSocket();
    const second = openSocket();
    sendShared(first.ws, frame, true);
    sendShared(second.ws, frame, true);
    expect(first.writes).toHaveLength(1);
    expect(second.writes[0]).toBe(first.writes[0]);
    // ws's client parser reads a ping with no payload, then the text message
    const events: string[] = [];
    const receiver = new Receiver({ isServer: false, maxPayload: 0 });
    receiver.on('ping', (data: Buffer) => events.push(`ping:${data.length}`));
    receiver.on('message', (data: Buffer) => events.push(`message:${data.toString()}`));
    receiver.write(first.writes[0]!);
    await new Promise((resolve) => setImmediate(resolve));
    expect(events).toEqual(['ping:0', 'message:{"quotes":[{"a":1}]}']);
    // without the ping: the frame alone
    const plain = openSocket();
    sendShared(plain.ws, frame);
    expect(plain.writes).toEqual([frame.wire]);
  });
});
