/**
 * Decides whether the production build is missing or older than its sources, so `npm start` and the
 * browser tests build only when they need to. A package is stale when its build marker (one file the
 * build always writes) is missing or older than the newest source file it is built from; every app
 * is also built from `shared` and the common webpack factory, so those count as its sources too.
 */
import { existsSync, mkdirSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const REMOTE_FOLDERS = ['mf-account', 'mf-funds', 'mf-trade', 'mf-ipo', 'mf-copytrade', 'mf-admin'];

const SHARED_SOURCES = ['shared/src', 'shared/package.json', 'shared/tsconfig.json'];
const WEB_SOURCES = [...SHARED_SOURCES, 'shared/build', 'tools/webpack'];

/** Each package: the file its build always writes, and what it is built from. */
export const PACKAGES = [
  { name: 'shared', marker: 'shared/dist/index.js', sources: SHARED_SOURCES },
  {
    name: 'server',
    marker: 'server/dist/main.js',
    sources: ['server/src', 'server/package.json', 'server/tsconfig.json', ...SHARED_SOURCES],
  },
  {
    name: 'shell',
    marker: 'shell/dist/index.html',
    sources: ['shell/src', 'shell/package.json', 'shell/webpack.config.cjs', ...WEB_SOURCES],
  },
  ...REMOTE_FOLDERS.map((folder) => ({
    name: folder,
    marker: `${folder}/dist/mf-manifest.json`,
    sources: [`${folder}/src`, `${folder}/package.json`, `${folder}/webpack.config.cjs`, ...WEB_SOURCES],
  })),
];

const IGNORED = /(^|[\\/])(node_modules|dist|__snapshots__)([\\/]|$)|\.test\.[cm]?[jt]sx?$/;

/** Newest modification time (ms) under a file or folder; 0 when it does not exist. */
function newestMtime(target, ignore = IGNORED) {
  if (!existsSync(target) || (ignore && ignore.test(target))) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry), ignore));
  return newest;
}

/**
 * When the package was last built: the newest file of its dist folder or its tsbuildinfo (tsc -b
 * re-emits only what changed), or the stamp of the last complete build run by these scripts.
 */
function builtAt(repoRoot, pkg) {
  const dir = path.join(repoRoot, pkg.name);
  const infos = existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.tsbuildinfo'))
        .map((f) => path.join(dir, f))
    : [];
  return Math.max(
    newestMtime(path.join(dir, 'dist'), null),
    ...infos.map((f) => newestMtime(f, null)),
    newestMtime(stampFile(repoRoot), null),
  );
}

const stampFile = (repoRoot) => path.join(repoRoot, 'node_modules/.cache/kabu/last-build');

/** The packages whose build is missing or older than their sources, each with the reason. */
export function stalePackages(repoRoot = root) {
  const stale = [];
  for (const pkg of PACKAGES) {
    const marker = path.join(repoRoot, pkg.marker);
    if (!existsSync(marker)) {
      stale.push({ name: pkg.name, reason: `${pkg.marker} is missing` });
      continue;
    }
    const built = builtAt(repoRoot, pkg);
    const changed = Math.max(...pkg.sources.map((s) => newestMtime(path.join(repoRoot, s))));
    if (changed > built) stale.push({ name: pkg.name, reason: 'sources changed since the last build' });
  }
  return stale;
}

/** Runs `npm run build` (all packages through lerna) with inherited output; returns its exit code. */
export function runBuild(repoRoot = root, env = process.env) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const startedAt = new Date();
  const result = spawnSync(npm, ['run', 'build'], { cwd: repoRoot, stdio: 'inherit', env });
  if (result.status === 0) {
    // Sources saved during the build stay newer than the stamp, so they are built next time.
    mkdirSync(path.dirname(stampFile(repoRoot)), { recursive: true });
    writeFileSync(stampFile(repoRoot), startedAt.toISOString());
    utimesSync(stampFile(repoRoot), startedAt, startedAt);
  }
  return result.status ?? 1;
}

/**
 * Builds when anything is stale (or, with `onlyMissing`, when a build output is missing). Returns
 * true when the build is (now) complete; prints why it built.
 * @param {{ log?: (line: string) => void, onlyMissing?: boolean }} [options]
 */
export function buildIfNeeded({ log = console.log, onlyMissing = false } = {}) {
  const stale = stalePackages().filter((s) => !onlyMissing || s.reason.endsWith('missing'));
  if (stale.length === 0) return true;
  log(`Building: ${stale.map((s) => `${s.name} (${s.reason})`).join(', ')}`);
  if (runBuild() !== 0) return false;
  const still = stalePackages().filter((s) => s.reason.endsWith('missing'));
  if (still.length) {
    const markers = still.map((s) => PACKAGES.find((p) => p.name === s.name).marker);
    log(`The build finished but did not write: ${markers.join(', ')}`);
    return false;
  }
  return true;
}

// CLI: `node scripts/lib/build-state.mjs [--if-missing]` builds when needed; the browser tests' global
// setup uses --if-missing (npm test has just built; a stale dist is the developer's choice there).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exit(buildIfNeeded({ onlyMissing: process.argv.includes('--if-missing') }) ? 0 : 1);
}
