/**
 * The host kit (`shared/host-kit`, browser only): what a host instantiates once and hands to the
 * remotes through the HostContext (shared/mf). The shell, the standalone dev host and the test
 * host (shared/src/dev-host/mini-host.ts) build their store, session and HTTP client from it.
 * Remotes never import it: they reach the host's instances through the HostContext.
 *
 * The shell boots in stages (docs/decisions/0005): its first chunk needs `session-storage` only, its
 * second the rest. So the shell imports the modules by their own paths (`shared/host-kit/client`,
 * `shared/host-kit/session-storage`, ...), never this barrel, and each chunk gets just what it uses.
 *
 * | module | holds | needs |
 * |---|---|---|
 * | `session-storage` | `readSession`, `writeSession`, `SESSION_KEYS` (localStorage) | nothing |
 * | `session` | `sessionSlice`, `sessionChanged`, `sessionCleared`, `selectSession`, `selectLoggedIn` | RTK |
 * | `store` | `createHostStore` (session + host slices, reducer and middleware injection), `INJECT_MIDDLEWARE` | RTK |
 * | `toaster` | the `Toaster` interface, `TOAST_MS` | nothing |
 * | `client` | `createHttpClient`, `messageText`, `API_BASE`, `UNAUTHORIZED_REDIRECT_MS` | axios |
 */
export { SESSION_KEYS, readSession, writeSession } from './session-storage';
export { sessionSlice, sessionChanged, sessionCleared, selectSession, selectLoggedIn } from './session';
export {
  createHostStore,
  INJECT_MIDDLEWARE,
  REDUCER_INJECTED,
  type HostSlice,
  type HostStore,
  type HostStoreOptions,
} from './store';
export { TOAST_MS, type Toaster } from './toaster';
export { createHttpClient, messageText, API_BASE, UNAUTHORIZED_REDIRECT_MS, type HttpDeps } from './client';
