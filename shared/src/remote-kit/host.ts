import type { HostContext } from '../mf';

/** The host context of one remote: set by its `register`, read by its screens. */
export interface HostHolder {
  /** Called by `register` (and by tests) with the shell's context. */
  setHost: (ctx: HostContext) => void;
  /** The shell's context; throws when a screen renders before `register` ran (a wiring bug). */
  getHost: () => HostContext;
  /** Hook-shaped accessor for components (the context never changes after register). */
  useHost: () => HostContext;
}

/**
 * A holder for the host context handed to a remote's `register`. A module-level holder is enough:
 * the shell calls `register` once per page load, before any of the remote's routes render. Each
 * remote makes its own (`createHostHolder('mf_trade')`), so the error names the remote at fault.
 */
export function createHostHolder(remote: string): HostHolder {
  let current: HostContext | undefined;
  const getHost = (): HostContext => {
    if (!current) throw new Error(`${remote}: register(ctx) must run before a screen renders`);
    return current;
  };
  return {
    setHost: (ctx) => {
      current = ctx;
    },
    getHost,
    useHost: getHost,
  };
}
