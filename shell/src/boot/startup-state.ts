/**
 * The start-up screen's state (spec §1), outside Redux so the first paint needs only React: six
 * steps, a failure flag and the site config (title, logo). A tiny observable store; the rest of
 * the shell (app/start.tsx) drives it once it has loaded.
 */
import { startTransition, useEffect, useState } from 'react';

export const STARTUP_STEPS = ['starting', 'version', 'quote', 'colocation', 'warrant', 'loaded'] as const;
export type StartupStep = (typeof STARTUP_STEPS)[number];
export type StepStatus = 'pending' | 'done' | 'skipped' | 'failed';

export interface StartupState {
  steps: Readonly<Record<StartupStep, StepStatus>>;
  /** Start-up cannot go on (remotes.json or the shell's own code unreachable): show Retry. */
  failed: boolean;
  /** Site config (`common/config` type=all) by name, once loaded. */
  config: Readonly<Record<string, string>>;
}

export interface StartupStore {
  get: () => StartupState;
  subscribe: (listener: () => void) => () => void;
  step: (step: StartupStep, status: StepStatus) => void;
  fail: () => void;
  setConfig: (config: Record<string, string>) => void;
}

/** Every step pending: the store's first state, and the steps of the screen pre-rendered into index.html. */
const PENDING: StartupState['steps'] = {
  starting: 'pending',
  version: 'pending',
  quote: 'pending',
  colocation: 'pending',
  warrant: 'pending',
  loaded: 'pending',
};

export function createStartupStore(): StartupStore {
  let state: StartupState = { steps: PENDING, failed: false, config: {} };
  const listeners = new Set<() => void>();
  const set = (next: StartupState) => {
    state = next;
    for (const l of listeners) l();
  };
  return {
    get: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    step: (step, status) => {
      if (state.steps[step] !== status) set({ ...state, steps: { ...state.steps, [step]: status } });
    },
    fail: () => {
      if (!state.failed) set({ ...state, failed: true });
    },
    setConfig: (config) => set({ ...state, config: { ...config } }),
  };
}

/**
 * The store's state, re-rendered in a transition on every change. Not useSyncExternalStore: the
 * hydration and the app behind the overlay render in transitions (time-sliced), and a store read
 * with useSyncExternalStore that changes while such a render is under way makes React redo the
 * whole root synchronously (tearing prevention), one long task per start-up step
 * (docs/decisions/0013-short-tasks-after-first-paint.md). A transition update joins them instead.
 *
 * The first render shows the steps as index.html's pre-rendered screen does (all pending, not failed), whatever the
 * store holds by then, and the effect applies the store right after: the boot hydrates that screen with this render,
 * and stage 2 (its files preloaded) can have moved the store on meanwhile. Any other text would not match, and React
 * would throw the painted screen away and render it afresh (new nodes, a new largest paint). The config is the
 * store's: the boot sets it before hydrating, from the answer index.html filled the screen with.
 */
export function useStartup(store: StartupStore): StartupState {
  const [state, setState] = useState<StartupState>(() => ({ ...store.get(), steps: PENDING, failed: false }));
  useEffect(() => {
    const update = () => startTransition(() => setState(store.get()));
    // a change between this render and the subscription
    update();
    return store.subscribe(update);
  }, [store]);
  return state;
}
