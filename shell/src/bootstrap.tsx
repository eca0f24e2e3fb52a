/**
 * Stage 1 of the progressive boot (boot/boot.tsx): the start-up screen is the first paint; the
 * rest of the shell (app/start.tsx) is imported at once, in parallel, and takes over when it
 * arrives. Keep this chunk free of react-router, Redux, i18next and axios: Module Federation loads
 * every shared module a chunk imports before running it (checked by boot/first-chunk.test.ts and
 * by the gzip budget of the build).
 */
// shared/ui/tokens.css and styles/startup.css are inlined into index.html (build/prerender-startup.cjs).
import 'shared/ui/ds.css';
import 'shared/ui/ds-controls.css';
import './styles/shell.css';
import { yieldToMain } from './boot/yield';
import { STAGE_TWO_SHARED, startSharedLoads } from './boot/share-steps';

/*
 * Evaluating react-dom is one long task of its own (it cannot be cut); the boot (and the
 * hydration it starts) runs in the next one, after a turn for the browser. `webpackMode: "eager"`:
 * both are in this chunk already, nothing more is fetched (docs/decisions/0013-short-tasks-after-first-paint.md).
 */
void import(/* webpackMode: "eager" */ 'react-dom/client')
  .then(() => yieldToMain())
  .then(() => import(/* webpackMode: "eager" */ './boot/boot'))
  .then(({ boot }) =>
    boot(document.getElementById('root')!, {
      // stage 2's shared modules start loading one per task, then its own chunk (boot/share-steps.ts)
      loadShell: () => startSharedLoads(STAGE_TWO_SHARED).then(() => import('./app/start')),
    }),
  );
