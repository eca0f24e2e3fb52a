/**
 * The one Redux store (ARCHITECTURE.md "State, session, HTTP"): `combineSlices(session, ui)` with
 * lazily injected slices. Remotes add theirs through HostContext.injectReducer (RTK `inject`), and
 * the RTK Query base API (shared/api `installBaseApi`) adds its slice and middleware at run time,
 * so RTK Query never enters the shell's first paint.
 */
import {
  combineSlices,
  configureStore,
  createDynamicMiddleware,
  type Middleware,
  type Reducer,
} from '@reduxjs/toolkit';
import { sessionSlice, writeSession } from './session';
import { uiSlice } from './ui';

/** Same string as INJECT_MIDDLEWARE in shared/api (the shell must not import that module). */
export const INJECT_MIDDLEWARE = 'shell/middlewareInjected';

export function createShellStore() {
  const rootReducer = combineSlices(sessionSlice, uiSlice).withLazyLoadedSlices<Record<string, unknown>>();
  const dynamic = createDynamicMiddleware();
  const injector: Middleware = () => (next) => (action) => {
    const a = action as { type?: unknown; payload?: unknown };
    if (a.type === INJECT_MIDDLEWARE && typeof a.payload === 'function') {
      return dynamic.addMiddleware(a.payload as Middleware);
    }
    return next(action);
  };
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) =>
      getDefault({ serializableCheck: { ignoredActions: [INJECT_MIDDLEWARE] } }).concat(injector, dynamic.middleware),
  });

  // Mirror the session to localStorage whenever it changes.
  let lastSession = store.getState().session;
  store.subscribe(() => {
    const session = store.getState().session;
    if (session !== lastSession) {
      lastSession = session;
      writeSession(session);
    }
  });

  const injected = new Map<string, Reducer>();
  /** Adds (or, for a re-registered remote, replaces) a slice reducer under `name`. */
  const injectReducer = (name: string, reducer: Reducer) => {
    if (name === 'session' || name === 'ui') throw new Error(`injectReducer: "${name}" belongs to the shell`);
    const previous = injected.get(name);
    if (previous === reducer) return;
    injected.set(name, reducer);
    rootReducer.inject({ reducerPath: name, reducer } as never, { overrideExisting: previous !== undefined });
    store.dispatch({ type: 'shell/reducerInjected', payload: name });
  };

  return { store, injectReducer };
}

export type ShellStore = ReturnType<typeof createShellStore>['store'];
export type RootState = ReturnType<ShellStore['getState']>;
