/**
 * The first chunk (bootstrap.tsx and everything it imports statically) must not reach react-router,
 * Redux, i18next or axios: Module Federation loads every shared module a chunk imports before
 * running it, so one stray import puts that library back in front of the first paint. Dynamic
 * `import()` is followed only with `webpackMode: "eager"` (same chunk); type-only imports are not.
 * The build's gzip budget (initialGzipBudgetKb) checks the bytes; this test names the import that
 * broke it.
 */
import path from 'node:path';
import { chunkGraph, SRC } from '../testing/import-graph';

// The MF runtime is no shared module: it is the entry's own code (boot/share-steps.ts uses it).
const ALLOWED_PACKAGES = new Set([
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  '@module-federation/enhanced/runtime',
]);

describe('first chunk (bootstrap.tsx)', () => {
  const { files, packages } = chunkGraph(path.join(SRC, 'bootstrap.tsx'));

  it('imports no shared library besides react and react-dom', () => {
    const offending = [...packages]
      .filter(([name]) => !ALLOWED_PACKAGES.has(name))
      .map(([name, by]) => `${name} (imported by ${by})`);
    expect(offending).toEqual([]);
  });

  it('leaves the router, store, i18n, http and layout to the second chunk', () => {
    const rel = [...files].map((f) => path.relative(SRC, f));
    for (const folder of ['router/', 'store/store', 'store/ui', 'i18n/', 'http/', 'layout/', 'app/start', 'app/app']) {
      expect(rel.filter((f) => f.startsWith(folder))).toEqual([]);
    }
    expect(rel).toEqual(expect.arrayContaining(['boot/boot.tsx', 'boot/startup-screen.tsx', 'boot/startup-state.ts']));
    // of the host kit (shared/host-kit), only the session as stored: its store, session slice and client are stage 2's
    const kit = rel.filter((f) => f.includes('/host-kit/'));
    expect(kit.filter((f) => !f.endsWith('/host-kit/session-storage.ts'))).toEqual([]);
    expect(kit).toEqual([expect.stringMatching(/shared\/src\/host-kit\/session-storage\.ts$/)]);
  });
});
