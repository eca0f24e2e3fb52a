import { MESSAGES, type MessageKey } from './catalogue';

/** True when `key` is a catalogue key (the server only ever answers with these). */
export function isMessageKey(key: unknown): key is MessageKey {
  return typeof key === 'string' && Object.prototype.hasOwnProperty.call(MESSAGES, key);
}
