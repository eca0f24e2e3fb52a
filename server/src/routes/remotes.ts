/**
 * GET /remotes.json: the registry the shell reads at start-up (no-cache). By default it is built
 * from the route table in shared/routes; REMOTES_JSON points at an override file that is re-read
 * and validated on every request, so an environment can re-point one remote without a restart.
 */
import fs from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { remotesRegistrySchema, type RemotesRegistry } from 'shared/mf';
import { BOTTOM_MENU, REMOTE_FOLDERS, REMOTE_NAMES, ROUTE_OWNERS, SPEC_ROUTES, type RemoteName } from 'shared/routes';

const firstSegment = (route: string) => `/${route.split('/')[1]}`;

/**
 * A remote's prefixes: the first path segments that belong wholly to it (every spec route under
 * the segment is its own). Shared segments such as /mine or /home are left out, since they say
 * nothing about which remote serves a path.
 */
export function prefixesOf(name: RemoteName): string[] {
  const own = new Set(ROUTE_OWNERS[name].map(firstSegment));
  return [...own].filter((prefix) =>
    SPEC_ROUTES.filter((route) => firstSegment(route) === prefix).every((route) => ROUTE_OWNERS[name].includes(route)),
  );
}

export function defaultRegistry(): RemotesRegistry {
  return {
    remotes: REMOTE_NAMES.map((name) => ({
      name,
      entry: `/remotes/${REMOTE_FOLDERS[name]}/mf-manifest.json`,
      routes: [...ROUTE_OWNERS[name]],
      prefixes: prefixesOf(name),
    })),
    menu: BOTTOM_MENU.map((item) => ({ ...item })),
  };
}

export async function remotesRoutes(app: FastifyInstance): Promise<void> {
  const fallback = defaultRegistry();
  const overridePath = app.config.remotesJsonPath;
  app.get('/remotes.json', async (request, reply) => {
    reply.header('cache-control', 'no-cache');
    if (!overridePath) return fallback;
    // A broken override is an operator error: answer 500 and log why, rather than silently
    // serving a registry other than the configured one.
    const parsed = remotesRegistrySchema.safeParse(JSON.parse(await fs.readFile(overridePath, 'utf8')));
    if (!parsed.success) {
      request.log.error({ file: overridePath, issues: parsed.error.issues }, 'REMOTES_JSON is not a valid registry');
      throw new Error('invalid REMOTES_JSON');
    }
    return parsed.data;
  });
}
