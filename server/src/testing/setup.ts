/**
 * Imported FIRST by every server suite (`import '../testing/setup';`): module stand-ins that let
 * the real server code run inside jest's CommonJS sandbox. The transform (SWC) hoists these
 * jest.mock calls, so they are registered before any other module of the suite loads.
 */

// PGlite loads parts of itself with dynamic import(), which jest's vm sandbox refuses unless node
// runs with --experimental-vm-modules. Loading the genuine package through Node's own loader keeps
// every test on the real PGlite while leaving `npx jest` flag-free.
jest.mock('@electric-sql/pglite', () => {
  const nodeModule = jest.requireActual('node:module') as {
    _load(request: string, parent: null, isMain: boolean): unknown;
  };
  return nodeModule._load(require.resolve('@electric-sql/pglite'), null, false);
});

// Two dependencies are ES modules only: content-disposition 3 (required by @fastify/static) and
// cookie 2 (required by light-my-request, which powers app.inject). Node 20.19+ loads them natively
// (require(esm)), but jest's sandbox cannot before Node 24.9. Each is used only on a path the
// suites never take (reply.download; inject with a `cookies` option); the stand-ins keep the one
// export each caller reads.
jest.mock('content-disposition', () => ({
  create: (filename: string) => `attachment; filename="${encodeURIComponent(filename)}"`,
}));
jest.mock('cookie', () => ({
  stringifySetCookie: (cookie: { name: string; value: string }) => `${cookie.name}=${encodeURIComponent(cookie.value)}`,
}));

// Starting an embedded PostgreSQL takes seconds on a loaded machine; a suite's own tests are fast.
jest.setTimeout(60_000);

export {};
