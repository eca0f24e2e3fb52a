import type { RegisterRemote } from 'shared/mf';
// The host holder directly, not `#lib`: the register chunk stays free of zod and the form parts.
import { setHost } from '../lib/host';
import { addNamespace } from '../app/i18n';
import { accountRoutes } from '../app/routes';
import pkg from '../../package.json';

/** BUILD_LABEL at build time (set by the factory's DefinePlugin), else the package version. */
const build = (typeof __BUILD_LABEL__ !== 'undefined' && __BUILD_LABEL__) || pkg.version;

/**
 * The one module this remote exposes (`./register`). Keeps the shell's context for the screens,
 * starts adding the `mf_account` i18n namespace (screens wait for it before they render) and
 * answers the routes of ROUTE_OWNERS.mf_account. The shared RTK Query API is connected when the
 * first screen that needs it loads (app/api.ts), not here: the start screen needs none.
 */
export const register: RegisterRemote = (ctx) => {
  setHost(ctx);
  void addNamespace(ctx.i18n).catch(() => {
    // A failed locale chunk surfaces in the screens' lazy (the route's errorElement offers a retry).
  });
  return { name: 'mf_account', namespace: 'mf_account', build, routes: accountRoutes() };
};
