/**
 * jsdom setup for every web package's tests: jest-dom matchers plus the few web APIs jsdom lacks
 * and React Router's data routers need (TextEncoder, Headers, Request, Response). Minimal
 * stand-ins, only where the environment has none.
 */
import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';

const g = globalThis as Record<string, unknown>;
if (typeof g.TextEncoder === 'undefined') g.TextEncoder = TextEncoder;
if (typeof g.TextDecoder === 'undefined') g.TextDecoder = TextDecoder;

if (typeof g.Headers === 'undefined') {
  class HeadersStandIn {
    private readonly map = new Map<string, string>();
    constructor(init?: Record<string, string> | Array<[string, string]> | HeadersStandIn) {
      if (init instanceof HeadersStandIn) init.forEach((v, k) => this.set(k, v));
      else if (Array.isArray(init)) for (const [k, v] of init) this.set(k, v);
      else if (init) for (const [k, v] of Object.entries(init)) this.set(k, v);
    }
    get(name: string) {
      return this.map.get(name.toLowerCase()) ?? null;
    }
    set(name: string, value: string) {
      this.map.set(name.toLowerCase(), String(value));
    }
    append(name: string, value: string) {
      const prev = this.get(name);
      this.set(name, prev ? `${prev}, ${value}` : value);
    }
    has(name: string) {
      return this.map.has(name.toLowerCase());
    }
    delete(name: string) {
      this.map.delete(name.toLowerCase());
    }
    forEach(fn: (value: string, key: string) => void) {
      this.map.forEach((v, k) => fn(v, k));
    }
    entries() {
      return this.map.entries();
    }
    [Symbol.iterator]() {
      return this.map.entries();
    }
  }
  g.Headers = HeadersStandIn;
}

if (typeof g.Request === 'undefined') {
  const H = g.Headers as new (init?: unknown) => unknown;
  g.Request = class RequestStandIn {
    readonly url: string;
    readonly method: string;
    readonly headers: unknown;
    readonly signal: AbortSignal;
    readonly body: unknown;
    constructor(input: string | URL | { url: string }, init: { method?: string; headers?: unknown; signal?: AbortSignal; body?: unknown } = {}) {
      this.url = typeof input === 'object' && 'url' in input ? input.url : String(input);
      this.method = (init.method ?? 'GET').toUpperCase();
      this.headers = new H(init.headers);
      this.signal = init.signal ?? new AbortController().signal;
      this.body = init.body ?? null;
    }
  };
}

if (typeof g.Response === 'undefined') {
  const H = g.Headers as new (init?: unknown) => { get(n: string): string | null };
  g.Response = class ResponseStandIn {
    readonly status: number;
    readonly statusText: string;
    readonly headers: { get(n: string): string | null };
    readonly body: unknown;
    readonly ok: boolean;
    constructor(body: unknown = null, init: { status?: number; statusText?: string; headers?: unknown } = {}) {
      this.body = body;
      this.status = init.status ?? 200;
      this.statusText = init.statusText ?? '';
      this.headers = new H(init.headers);
      this.ok = this.status >= 200 && this.status < 300;
    }
    async json() {
      return typeof this.body === 'string' ? JSON.parse(this.body) : this.body;
    }
    async text() {
      return typeof this.body === 'string' ? this.body : JSON.stringify(this.body);
    }
    clone() {
      return this;
    }
  };
}
