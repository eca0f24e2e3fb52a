import { streamServerMessage, type StreamClientMessage, type StreamServerMessage } from 'shared/contract';

export type ServerFrame = StreamServerMessage;
export type ClientFrame = StreamClientMessage;

/**
 * One frame of the quote stream checked against the contract's schema (`streamServerMessage`,
 * shared/src/contract/stream.ts): the message, or undefined for anything else (not text, not JSON,
 * an unknown type, a quote of another shape). The client drops what this refuses instead of
 * trusting its shape.
 */
export function parseServerFrame(data: unknown): ServerFrame | undefined {
  if (typeof data !== 'string') return undefined;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return undefined;
  }
  const parsed = streamServerMessage.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}
