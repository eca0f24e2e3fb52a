import type { EventEmitter } from 'node:events';
import WebSocket from 'ws';
import { joinedTextFrame } from './frames';

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
