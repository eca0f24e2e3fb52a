// Async boundary: shared singletons are negotiated before any app code runs. It starts in the task
// after the entry's own evaluation (the MF runtime's start-up), and the first chunk's shared
// modules start loading one per task before its import() (boot/share-steps.ts), so none of these
// is one long task (docs/decisions/0013-short-tasks-after-first-paint.md); the files are preloaded
// by index.html.
import { BOOT_SHARED, startSharedLoads } from './boot/share-steps';

setTimeout(() => void startSharedLoads(BOOT_SHARED).then(() => import('./bootstrap')), 0);
