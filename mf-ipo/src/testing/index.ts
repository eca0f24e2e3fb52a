/**
 * Test set-up for this remote's component tests: import it first (`import '#testing';`).
 * React Router 7's data router needs TextEncoder/TextDecoder and `Request`, which jest's jsdom
 * environment lacks; shared's setup-dom.ts does not provide them yet, so the polyfills live here
 * until it does. `Request` is a minimal stand-in: our routes have no loaders or actions, so the
 * router only reads `url`, `method` and `signal` of the navigation request (undici's own Request
 * rejects jsdom's AbortSignal).
 */
import { TextDecoder, TextEncoder } from 'node:util';

if (typeof globalThis.TextEncoder === 'undefined') Object.assign(globalThis, { TextEncoder, TextDecoder });

if (typeof globalThis.Request === 'undefined') {
  class NavigationRequest {
    readonly url: string;
    readonly method: string;
    readonly signal: AbortSignal;
    constructor(input: string | URL | { url: string }, init: { method?: string; signal?: AbortSignal } = {}) {
      this.url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      this.method = (init.method ?? 'GET').toUpperCase();
      this.signal = init.signal ?? new AbortController().signal;
    }
  }
  Object.assign(globalThis, { Request: NavigationRequest });
}


import { renderRegistration, type RenderOptions } from 'shared/test-utils';
import { register } from '../expose/register';

/** Registers this remote in a mini host and renders the route at `path` (network faked by `adapter`). */
export function renderRemote(path: string, options: Omit<RenderOptions, 'path'> = {}) {
  return renderRegistration(register, { ...options, path });
}
