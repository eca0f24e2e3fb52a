import type { HostContext } from 'shared/mf';

/** This remote's i18n namespace (its federation name). */
export const NAMESPACE = 'mf_account';

/**
 * The host context handed to `register`, kept for the screens of this remote. A module-level
 * holder is enough: the shell calls `register` once per page load, before any of our routes render.
 */
let current: HostContext | undefined;

/** Called by `register` (and by tests) with the shell's context. */
export function setHost(ctx: HostContext): void {
  current = ctx;
}

/** The shell's context; throws when a screen renders before `register` ran (a wiring bug, not a user error). */
export function getHost(): HostContext {
  if (!current) throw new Error('mf_account: register(ctx) must run before a screen renders');
  return current;
}

/** Hook-shaped accessor for components (the context never changes after register). */
export function useHost(): HostContext {
  return getHost();
}
