/**
 * jsdom setup for every web package's tests: jest-dom matchers plus the web APIs jsdom lacks and
 * React Router 7's data routers need. They are Node 20's own implementations, not stand-ins:
 * TextEncoder/TextDecoder from node:util, and undici's Headers, Response and Request taken from
 * Node's global scope (jest's jsdom sandbox hides it; `vm.runInThisContext` reaches it).
 *
 * Request: undici checks that `init.signal` is an AbortSignal of its own realm and jsdom's is not,
 * so the router's navigation requests (built with jsdom's AbortController) would throw. The
 * Request installed here is undici's, with the signal kept beside it: `request.signal` answers
 * the jsdom signal the router aborts and listens to. Remotes need no polyfills of their own.
 */
import '@testing-library/jest-dom';
import { configure } from '@testing-library/dom';

// CI runs on two cores with many suites at once: a screen can take longer than Testing Library's
// default 1 s to leave its skeleton. Waiting longer changes no assertion, it only stops load flakes.
configure({ asyncUtilTimeout: 5000 });
import vm from 'node:vm';
import { TextDecoder, TextEncoder } from 'node:util';

const g = globalThis as Record<string, unknown>;
const node = vm.runInThisContext('globalThis') as typeof globalThis;

if (typeof g.TextEncoder === 'undefined') g.TextEncoder = TextEncoder;
if (typeof g.TextDecoder === 'undefined') g.TextDecoder = TextDecoder;
if (typeof g.Headers === 'undefined') g.Headers = node.Headers;
if (typeof g.Response === 'undefined') g.Response = node.Response;

if (typeof g.Request === 'undefined') {
  const NodeRequest = node.Request;
  const signals = new WeakMap<object, AbortSignal>();
  class Request extends NodeRequest {
    constructor(input: RequestInfo | URL, init: RequestInit = {}) {
      const { signal, ...rest } = init;
      // jsdom's Request-like objects are not Node's: pass their URL instead.
      if (typeof input === 'object' && input !== null && 'url' in input && !(input instanceof NodeRequest))
        input = String((input as { url: string }).url);
      super(
        input as ConstructorParameters<typeof NodeRequest>[0],
        rest as ConstructorParameters<typeof NodeRequest>[1],
      );
      const inherited = typeof input === 'object' && input !== null ? signals.get(input) : undefined;
      signals.set(this, signal ?? inherited ?? new AbortController().signal);
    }
    override get signal(): AbortSignal {
      return signals.get(this)!;
    }
  }
  g.Request = Request;
}
