/**
 * The host's one Redux store (ARCHITECTURE.md "State, session, HTTP"), built the same way by the
 * shell, the dev host and the test host: `combineSlices(session, ...the host's own slices)` with
 * lazily injected slices. Remotes add theirs through HostContext.injectReducer (RTK `inject`), and
 * the RTK Query base API (shared/api `installBaseApi`) adds its slice and middleware at run time
 * (the {@link INJECT_MIDDLEWARE} action), so RTK Query never enters the shell's first paint.
 */
import {
  combineSlices,
  configureStore,
  createDynamicMiddleware,
  type Middleware,
  type Reducer,
} from '@reduxjs/toolkit';
import type { SessionState } from '../mf';
import { sessionSlice } from './session';
import { readSession, writeSession } from './session-storage';

/** Same string as INJECT_MIDDLEWARE in shared/api (hosts must not import that module). */
export const INJECT_MIDDLEWARE = 'shell/middlewareInjected';
/** Dispatched after a slice reducer was injected (payload: its name). */
export const REDUCER_INJECTED = 'shell/reducerInjected';

/** A slice of the host's own, beside `session` (the shell's `ui`). */
export interface HostSlice {
  reducerPath: string;
  reducer: Reducer;
}

export interface HostStoreOptions<Slices extends HostSlice[]> {
  /** The host's own slices (the shell: `ui`); like `session`, remotes cannot inject under their names. */
  slices?: Slices;
  /** Session values over the stored ones (the test host's `session` option). */
  session?: Partial<SessionState>;
  /** RTK's development-mode serializable and immutable checks (default on; the test host turns them off). */
  devChecks?: boolean;
}

/**
 * Creates the store and its `injectReducer`. The session is read from localStorage and mirrored
 * back to it whenever it changes (session-storage.ts).
 */
export function createHostStore<Slices extends HostSlice[] = []>(options: HostStoreOptions<Slices> = {}) {
  const slices = options.slices ?? ([] as HostSlice[] as Slices);
  const rootReducer = combineSlices(sessionSlice, ...slices).withLazyLoadedSlices<Record<string, unknown>>();
  const dynamic = createDynamicMiddleware();
  const injector: Middleware = () => (next) => (action) => {
    const a = action as { type?: unknown; payload?: unknown };
    if (a.type === INJECT_MIDDLEWARE && typeof a.payload === 'function') {
      return dynamic.addMiddleware(a.payload as Middleware);
    }
    return next(action);
  };
  const devChecks = options.devChecks ?? true;
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) =>
      getDefault(
        devChecks
          ? { serializableCheck: { ignoredActions: [INJECT_MIDDLEWARE] } }
          : { serializableCheck: false, immutableCheck: false },
      ).concat(injector, dynamic.middleware),
    ...(options.session ? { preloadedState: { session: { ...readSession(), ...options.session } } as never } : {}),
  });

  // Mirror the session to localStorage whenever it changes.
  const sessionOf = (state: unknown) => (state as { session: SessionState }).session;
  let lastSession = sessionOf(store.getState());
  store.subscribe(() => {
    const session = sessionOf(store.getState());
    if (session !== lastSession) {
      lastSession = session;
      writeSession(session);
    }
  });

  const reserved = new Set<string>([sessionSlice.reducerPath, ...slices.map((s) => s.reducerPath)]);
  const injected = new Map<string, Reducer>();
  /** Adds (or, for a re-registered remote, replaces) a slice reducer under `name`. */
  const injectReducer = (name: string, reducer: Reducer) => {
    if (reserved.has(name)) throw new Error(`injectReducer: "${name}" belongs to the host`);
    const previous = injected.get(name);
    if (previous === reducer) return;
    injected.set(name, reducer);
    rootReducer.inject({ reducerPath: name, reducer } as never, { overrideExisting: previous !== undefined });
    store.dispatch({ type: REDUCER_INJECTED, payload: name });
  };

  return { store, injectReducer };
}

export type HostStore = ReturnType<typeof createHostStore>['store'];
