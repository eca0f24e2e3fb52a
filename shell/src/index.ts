// Async boundary: shared singletons are negotiated before any app code runs. It starts in the task
// after the entry's own evaluation (the MF runtime's start-up), so the two are not one long task
// (docs/decisions/0013-short-tasks-after-first-paint.md); the files are preloaded by index.html.
setTimeout(() => void import('./bootstrap'), 0);
