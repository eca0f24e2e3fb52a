/**
 * The shell's store: the hosts' one store factory (shared/host-kit/store: `session`, run-time
 * injection of slices and middleware, the session mirrored to localStorage) with the shell's own
 * `ui` slice beside the session.
 */
import { createHostStore } from 'shared/host-kit/store';
import { uiSlice } from './ui';

export { INJECT_MIDDLEWARE } from 'shared/host-kit/store';

export function createShellStore() {
  return createHostStore({ slices: [uiSlice] });
}

export type ShellStore = ReturnType<typeof createShellStore>['store'];
export type RootState = ReturnType<ShellStore['getState']>;
