/**
 * Test-only: jsdom lacks TextEncoder/TextDecoder, which react-router needs at import time.
 * Import first in a test file. Belongs in shared/src/test-utils/setup-dom.ts; remove once it is there.
 */
import { TextDecoder, TextEncoder } from 'node:util';

if (typeof globalThis.TextEncoder === 'undefined') Object.assign(globalThis, { TextEncoder, TextDecoder });
