/**
 * The hash router and its route table. The table starts with the shell's own routes only:
 *
 *   root (ShellLayout, session guard loader)
 *   ├─ index → redirect /login/start
 *   ├─ per remote: SLOTS pathless scopes `remote:<name>:<g>` (highest generation first), then
 *   │  `fail:<name>` (the fallback scope)
 *   ├─ /admin/* → not allowed (shown while mf_admin is not mounted: the session holds no back-office role)
 *   └─ * → not found
 *
 * A remote's routes are added with patchRoutesOnNavigation the first time one of its paths is
 * visited (the remote is fetched then, not before). If it cannot be loaded, its paths are patched
 * into `fail:<name>`, whose element is the translated fallback with Retry, inside the layout.
 * Retry force-reloads the remote and patches its fresh routes into the next generation slot with
 * router.patchRoutes: equal-score routes rank by tree order, so the newer slot wins over both the
 * fallback and a crashed older generation. Then the current location is navigated to again.
 *
 * mf_admin is mounted only for a session whose /user/getUserinfo lists back-office roles (`isAdmin`); for everyone
 * else its paths stay on the not-allowed route and the remote is never fetched.
 */
import type { RouteObject } from 'react-router';
import {
  redirect,
  UNSAFE_createHashHistory,
  UNSAFE_createRouter,
  UNSAFE_hydrationRouteProperties,
  UNSAFE_mapRouteProperties,
} from 'react-router';
import type { RemotesRegistry } from 'shared/mf';
import type { RemoteLoader } from '../mf/remote-loader';
import { LOGIN_PATH, needsSession, START_PATH, type Resolver } from '../mf/resolve';
import { ShellLayout } from '../layout/shell-layout';
import { RemoteScope, RemoteUnavailable, RemoteCrash } from '../layout/remote-views';
import { NotFound, AppError, AdminNotAllowed } from '../layout/not-found';
import type { AdminCheck } from '../mf/admin-check';
import { ADMIN_PREFIX } from 'shared/routes';

/** Generations a remote can be reloaded in place before the page reloads instead. */
export const SLOTS = 8;
export const slotId = (name: string, generation: number) => `remote:${name}:${generation}`;
export const failId = (name: string) => `fail:${name}`;

type Patch = (routeId: string | null, children: RouteObject[]) => void;

export interface RouterDeps {
  registry: RemotesRegistry;
  resolver: Resolver;
  loader: RemoteLoader;
  isLoggedIn: () => boolean;
  /** Whether the session holds a back-office role (server roles); without it mf_admin is never mounted. */
  isAdmin: AdminCheck;
  /** The router's history: the page's hash (default); tests give a memory history. */
  history?: RouterHistory;
}

type RouterHistory = Parameters<typeof UNSAFE_createRouter>[0]['history'];

export function buildRouteTable(deps: Pick<RouterDeps, 'registry' | 'resolver' | 'isLoggedIn'>): RouteObject[] {
  const scopes: RouteObject[] = deps.registry.remotes.flatMap((remote) => [
    ...Array.from({ length: SLOTS }, (_, i) => SLOTS - 1 - i).map<RouteObject>((g) => ({
      id: slotId(remote.name, g),
      element: <RemoteScope name={remote.name} />,
      errorElement: <RemoteCrash name={remote.name} />,
      children: [],
    })),
    { id: failId(remote.name), element: <RemoteUnavailable name={remote.name} />, children: [] },
  ]);
  return [
    {
      id: 'root',
      path: '/',
      element: <ShellLayout />,
      errorElement: <AppError />,
      hydrateFallbackElement: <div className="sh-main" />,
      // The session guard runs before every navigation: known routes other than PUBLIC_ROUTES
      // need a session.
      shouldRevalidate: () => true,
      loader: ({ request }) => {
        const path = new URL(request.url).pathname;
        if (!deps.isLoggedIn() && deps.resolver.ownerOf(path) && needsSession(path)) throw redirect(LOGIN_PATH);
        return null;
      },
      children: [
        { index: true, loader: () => redirect(START_PATH) },
        ...scopes,
        { id: 'admin-denied', path: `${ADMIN_PREFIX}*`, element: <AdminNotAllowed /> },
        { id: 'not-found', path: '*', element: <NotFound /> },
      ],
    },
  ];
}

/** Mounts a remote's routes (loading it if needed) or its fallback; never throws. */
export async function mountRemote(
  deps: Pick<RouterDeps, 'loader' | 'resolver'>,
  name: string,
  patch: Patch,
  force = false,
): Promise<boolean> {
  const entry = deps.resolver.remote(name);
  if (!entry) return false;
  try {
    const registration = await deps.loader.load(name, { force });
    const generation = deps.loader.state(name).generation - 1;
    if (generation >= SLOTS) {
      // Out of fresh slots: a full reload is the clean way to replace the remote again.
      window.location.reload();
      return false;
    }
    patch(slotId(name, generation), registration.routes);
    return true;
  } catch {
    patch(
      failId(name),
      entry.routes.map((path) => ({ id: `${failId(name)}:${path}`, path, element: null })),
    );
    return false;
  }
}

/**
 * The shell's router, made as `createHashRouter` makes it (react-router's own route-property mapping, no
 * hydration data) but not yet initialized: `initialize()` (the first match, the guard's loader, the first
 * remote's routes asked for) is for the caller to run in a task of its own, after a turn for the browser. Made
 * and initialized in one go it was one of the longest tasks of the start
 * (docs/decisions/0013-short-tasks-after-first-paint.md). Nothing may navigate or render it before `initialize()`.
 */
export function createShellRouter(deps: RouterDeps) {
  const router = UNSAFE_createRouter({
    routes: buildRouteTable(deps),
    history: deps.history ?? UNSAFE_createHashHistory(),
    mapRouteProperties: UNSAFE_mapRouteProperties,
    hydrationRouteProperties: UNSAFE_hydrationRouteProperties,
    async patchRoutesOnNavigation({ path, patch }) {
      const owner = deps.resolver.ownerOf(path);
      if (!owner) return;
      // Without a session the guard sends a protected path to login: do not fetch its remote.
      if (!deps.isLoggedIn() && needsSession(path)) return;
      // The back office: only for a session the server lists with a role (else the not-allowed route matches).
      if (owner.name === 'mf_admin' && !(await deps.isAdmin())) return;
      await mountRemote(deps, owner.name, patch);
    },
  });

  /** Retry: force-reload the remote, mount it in the next slot, show the current screen again. */
  const retry = async (name: string) => {
    await mountRemote(deps, name, (id, children) => router.patchRoutes(id, children), true);
    const { pathname, search } = router.state.location;
    await router.navigate(`${pathname}${search}`, { replace: true });
  };

  return { router, retry, initialize: () => void router.initialize() };
}

export type ShellRouter = ReturnType<typeof createShellRouter>['router'];
