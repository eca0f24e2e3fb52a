/**
 * Test set-up for this remote's component tests: import it first (`import '#testing';`).
 * React Router 7 needs TextEncoder/TextDecoder, which jest's jsdom environment lacks; shared's
 * setup-dom.ts does not provide them yet, so the polyfill lives here until it does.
 */
import { TextDecoder, TextEncoder } from 'node:util';

if (typeof globalThis.TextEncoder === 'undefined') Object.assign(globalThis, { TextEncoder, TextDecoder });

export {};
