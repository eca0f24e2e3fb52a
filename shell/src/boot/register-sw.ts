/**
 * Registers the service worker (/sw.js, src/sw/service-worker.ts) once start-up has finished and
 * the browser is idle, so it never competes with the first paint; production builds only
 * (`__SERVICE_WORKER__`), never in the dev server or in tests. The files this visit loaded before
 * the worker took over are handed to it, so the next visit finds them cached too.
 */
declare const __SERVICE_WORKER__: boolean | undefined;

export function registerServiceWorker(win: Window = window): void {
  if (typeof __SERVICE_WORKER__ === 'undefined' || !__SERVICE_WORKER__) return;
  const container = win.navigator.serviceWorker;
  if (!container || !win.isSecureContext) return;
  const later = (fn: () => void) =>
    typeof win.requestIdleCallback === 'function'
      ? win.requestIdleCallback(fn, { timeout: 5000 })
      : setTimeout(fn, 2000);
  later(() => {
    container
      .register('/sw.js', { scope: '/' })
      .then(() => container.ready)
      .then((registration) => {
        const urls = win.performance.getEntriesByType('resource').map((entry) => entry.name);
        registration.active?.postMessage({ type: 'cache-urls', urls });
      })
      .catch((error: unknown) => console.warn('[shell] service worker', error));
  });
}
