/**
 * The start-up screen's state (spec §1), outside Redux so the first paint needs only React: six
 * steps, a failure flag and the site config (title, logo). A tiny observable store read with
 * useSyncExternalStore; the rest of the shell (app/start.tsx) drives it once it has loaded.
 */
import { useSyncExternalStore } from 'react';

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

export function createStartupStore(): StartupStore {
  let state: StartupState = {
    steps: { starting: 'pending', version: 'pending', quote: 'pending', colocation: 'pending', warrant: 'pending', loaded: 'pending' },
    failed: false,
    config: {},
  };
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

export function useStartup(store: StartupStore): StartupState {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
