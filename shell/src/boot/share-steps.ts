/**
 * Starts loading shared modules one per task, ahead of the `import()` that consumes them.
 *
 * An `import()` of a chunk that consumes N shared modules has the Module Federation runtime
 * resolve all N (version checks, hooks) and add a `<script>` (and its timeout) per provider
 * chunk in ONE task: under DevTools instrumentation, as Lighthouse measures, each inserted script
 * costs 1–5 ms, so stage 2's import alone was a 20–30 ms task. `loadShare` per module, one per
 * task, starts the same downloads without running any of them; the consuming `import()` then
 * finds each one loading or loaded (docs/decisions/0013-short-tasks-after-first-paint.md).
 */
import { loadShare } from '@module-federation/enhanced/runtime';
import { yieldToMain } from './yield';

/** The shared singletons the first chunk (bootstrap.tsx) consumes (boot/share-steps.test.ts). */
export const BOOT_SHARED = ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client'] as const;

/**
 * The shared singletons stage 2 (app/start.tsx and its eager imports) consumes, largest first
 * (boot/share-steps.test.ts checks the list against the imports).
 */
export const STAGE_TWO_SHARED = [
  'react-router',
  'i18next',
  'axios',
  '@reduxjs/toolkit',
  'react-i18next',
  'react-redux',
  'redux',
] as const;

type LoadShare = (name: string) => Promise<unknown>;

/**
 * Starts loading `names` in order, one per task; resolves after the last one has started (not
 * loaded). A failed load is not reported here: the consuming `import()` fails the same way and
 * shows it.
 */
export async function startSharedLoads(
  names: readonly string[],
  load: LoadShare = loadShare,
  next: () => Promise<void> = yieldToMain,
): Promise<void> {
  for (const name of names) {
    try {
      void load(name).catch(() => undefined);
    } catch {
      // no federation runtime (a test, a broken entry): the consuming import() reports it
    }
    await next();
  }
}
