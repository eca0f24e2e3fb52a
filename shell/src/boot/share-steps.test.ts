/**
 * Stage 1 and stage 2 start their shared modules' downloads one per task (boot/share-steps.ts),
 * so each list must hold every shared singleton its chunk consumes: one left out is still loaded
 * (by the chunk's own import()), but all in one task again.
 */
import path from 'node:path';
import { chunkGraph, SRC } from '../testing/import-graph';
import { BOOT_SHARED, STAGE_TWO_SHARED, startSharedLoads } from './share-steps';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { SINGLETONS } = require('shared/build/mf-shared.cjs') as { SINGLETONS: string[] };

/** Whether `request` is shared by the MF config: a listed name, or under a listed `name/` prefix. */
const isShared = (request: string) => SINGLETONS.some((s) => (s.endsWith('/') ? request.startsWith(s) : request === s));
const sharedImports = (entry: string) => [...chunkGraph(path.join(SRC, entry)).packages.keys()].filter(isShared).sort();

describe('startSharedLoads', () => {
  it('starts each load in a task of its own, in order, without waiting for the loads', async () => {
    const events: string[] = [];
    const never = new Promise<unknown>(() => undefined);
    await startSharedLoads(
      ['a', 'b', 'c'],
      (name) => {
        events.push(`load ${name}`);
        return never;
      },
      async () => {
        events.push('yield');
      },
    );
    expect(events).toEqual(['load a', 'yield', 'load b', 'yield', 'load c', 'yield']);
  });

  it('goes on past a load that fails or throws (the consuming import() reports it)', async () => {
    const started: string[] = [];
    await startSharedLoads(
      ['a', 'b', 'c'],
      (name) => {
        started.push(name);
        if (name === 'a') throw new Error('no federation runtime');
        return Promise.reject(new Error('offline'));
      },
      () => Promise.resolve(),
    );
    expect(started).toEqual(['a', 'b', 'c']);
  });
});

describe('the lists of shared modules', () => {
  it('BOOT_SHARED holds every shared module the first chunk (bootstrap.tsx) imports', () => {
    // and react/jsx-runtime (JSX compiles to it) and react-dom (react-dom/client imports it)
    expect(sharedImports('bootstrap.tsx').filter((name) => !(BOOT_SHARED as readonly string[]).includes(name))).toEqual(
      [],
    );
    expect(sharedImports('bootstrap.tsx')).toEqual(expect.arrayContaining(['react', 'react-dom/client']));
  });

  it('STAGE_TWO_SHARED holds every shared module stage 2 (app/start.tsx) imports beyond the first chunk', () => {
    const missing = sharedImports('app/start.tsx').filter(
      (name) =>
        !(BOOT_SHARED as readonly string[]).includes(name) && !(STAGE_TWO_SHARED as readonly string[]).includes(name),
    );
    expect(missing).toEqual([]);
  });

  it('lists shared singletons only (a typo would load nothing)', () => {
    expect([...BOOT_SHARED, ...STAGE_TWO_SHARED].filter((name) => !isShared(name))).toEqual([]);
  });
});
