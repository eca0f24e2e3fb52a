#!/usr/bin/env node
/**
 * Completes package-lock.json with the platform-specific optional packages that npm leaves out
 * when it writes the lock on one platform (npm/cli#8805): `npm ci` then refuses the lock on a clean
 * clone ("Missing: @swc/core-darwin-arm64@… from lock file"). For each package `npm ci --dry-run`
 * names, this reads its registry metadata (`npm view`) and adds its lock entry, with the dev/optional
 * flags of an existing sibling entry. Run it after any `npm install` that changes the lock:
 *   node scripts/complete-lockfile.mjs
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const lockPath = path.join(root, 'package-lock.json');

function missingFromLock() {
  const run = spawnSync('npm', ['ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund'], {
    cwd: root,
    encoding: 'utf8',
  });
  const text = `${run.stdout}\n${run.stderr}`;
  return [...text.matchAll(/Missing: (@?[^@\s]+)@(\S*) from lock file/g)].map((m) => ({ name: m[1], version: m[2] }));
}

const PLATFORM_OS = 'darwin|linux|win32|freebsd|android|openharmony|sunos|aix|netbsd|openbsd|wasm32';
const PLATFORM_CPU = 'arm64|x64|ia32|arm|ppc64|s390x|riscv64|loong64|mips64el|wasi';
const PLATFORM_LIBC = 'gnu|musl|msvc|eabi|gnueabihf|musleabihf';
const PLATFORM = new RegExp(`-(${PLATFORM_OS})-(${PLATFORM_CPU})(?:-(${PLATFORM_LIBC}))?$`);

/**
 * Registry metadata of one package version. Some mirrors lack other platforms' optional binaries;
 * for those, the entry is written from the package name (os/cpu/libc), without an integrity: npm
 * never fetches them on a platform they do not match.
 */
function registryMeta(name, spec) {
  const view = spawnSync(
    'npm',
    ['view', `${name}@${spec}`, '--json', 'version', 'dist.integrity', 'os', 'cpu', 'libc', 'license', 'engines'],
    { cwd: root, encoding: 'utf8' },
  );
  if (view.status === 0 && view.stdout.trim()) {
    const meta = JSON.parse(view.stdout);
    return Array.isArray(meta) ? meta.at(-1) : meta;
  }
  const m = PLATFORM.exec(name);
  if (!m) throw new Error(`complete-lockfile: ${name}@${spec} is not in the registry and names no platform`);
  const os = m[1] === 'wasm32' ? undefined : [m[1]];
  const cpu = m[1] === 'wasm32' ? ['wasm32'] : [m[2]];
  const libc = m[3] === 'gnu' || m[3] === 'gnueabihf' ? ['glibc'] : m[3]?.startsWith('musl') ? ['musl'] : undefined;
  return { version: spec, os, cpu, libc };
}

/** The version a parent in the lock asks for (npm reports some missing entries without one). */
function wantedVersion(lock, name) {
  for (const entry of Object.values(lock.packages)) {
    const spec = entry.optionalDependencies?.[name] ?? entry.dependencies?.[name];
    if (spec) return spec;
  }
  return 'latest';
}

function siblingFlags(lock, name) {
  const scope = name.includes('/') ? name.split('/')[0] + '/' : '';
  const stem = name.replace(/-[^-]+(-[^-]+)?$/, '');
  const sibling = Object.entries(lock.packages).find(
    ([key]) =>
      key.startsWith(`node_modules/${stem}`) ||
      (scope && key.startsWith(`node_modules/${scope}`) && key.includes(stem.split('/').pop())),
  );
  const flags = {};
  for (const flag of ['dev', 'optional', 'devOptional', 'peer']) if (sibling?.[1][flag]) flags[flag] = true;
  return Object.keys(flags).length ? flags : { dev: true, optional: true };
}

const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
let added = 0;
for (let round = 0; round < 3; round += 1) {
  const missing = missingFromLock();
  if (missing.length === 0) break;
  for (const { name, version: reported } of missing) {
    const key = `node_modules/${name}`;
    if (lock.packages[key]) continue;
    const spec = reported || wantedVersion(lock, name);
    const meta = registryMeta(name, spec);
    const version = meta.version ?? spec;
    const entry = {
      version,
      ...(meta['dist.integrity'] ? { integrity: meta['dist.integrity'] } : {}),
      ...siblingFlags(lock, name),
    };
    if (meta.license) entry.license = meta.license;
    for (const field of ['cpu', 'os', 'libc']) if (meta[field]) entry[field] = [].concat(meta[field]);
    if (meta.engines) entry.engines = meta.engines;
    lock.packages[key] = entry;
    added += 1;
  }
  lock.packages = Object.fromEntries(
    Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
  );
  writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
}
const left = missingFromLock();
const verdict = left.length ? `still missing: ${left.map((m) => m.name).join(', ')}` : 'npm ci accepts the lock';
console.log(`complete-lockfile: added ${added} entries; ${verdict}`);
process.exit(left.length ? 1 : 0);
