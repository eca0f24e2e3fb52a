/**
 * In-page probes of the login bench (bench/login.bench.mjs), run with page.evaluate: every time is the page's own
 * performance.now() (one document: the app routes by hash), so a throttled, loaded machine cannot shift it.
 *
 * "Painted" means: the element is in the DOM, then the next animation frame ran, then a message-channel task after
 * that frame ran (the frame's paint happens between the two). This is the usual "rAF + task" paint estimate; Chrome
 * gives no paint time for an element without an `elementtiming` attribute.
 */

/**
 * Installs the probe: `window.__loginBench` gets `tap` (the submit button's click event timeStamp), route times
 * (`routes[path]`, first seen after the tap), and `painted[name]` for each watched selector: { dom, painted }.
 * `watch` is a list of [name, kind, arg, route]: kind 'selector' (a visible element matching arg) or 'text' (arg
 * found in the text of `.sh-toast-region`, the shell's toasts) or 'noSkeleton' (arg's element visible, no
 * .ds-skeleton in it); with `route`, only while the location is that route.
 */
export function installProbe(watch) {
  const state = { tap: undefined, routes: {}, painted: {}, longTasks: [] };
  window.__loginBench = state;
  const afterPaint = (record) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        record.painted = performance.now();
      };
      channel.port2.postMessage(0);
    });
  const visible = (el) => el && el.getClientRects().length > 0 && el.checkVisibility?.() !== false;
  const matches = ([, kind, arg, route]) => {
    if (route && location.hash.replace(/^#/, '').split('?')[0] !== route) return false;
    if (kind === 'selector') return visible(document.querySelector(arg));
    if (kind === 'text') return (document.querySelector('.sh-toast-region')?.textContent ?? '').includes(arg);
    if (kind === 'noSkeleton') {
      const el = document.querySelector(arg);
      return visible(el) && !el.querySelector('.ds-skeleton');
    }
    return false;
  };
  const check = () => {
    if (state.tap === undefined) return;
    const now = performance.now();
    const route = location.hash.replace(/^#/, '').split('?')[0];
    if (!(route in state.routes)) state.routes[route] = now;
    for (const item of watch) {
      if (state.painted[item[0]] || !matches(item)) continue;
      state.painted[item[0]] = { dom: now };
      afterPaint(state.painted[item[0]]);
    }
  };
  document.addEventListener(
    'click',
    (event) => {
      if (state.tap === undefined && event.target instanceof Element && event.target.closest('button[type=submit]'))
        state.tap = event.timeStamp;
      check();
    },
    true,
  );
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
  addEventListener('hashchange', check);
  // Long tasks between the tap and the screen: evaluation of the chunks loaded after the tap, renders.
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) state.longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask' });
}

/** The probe's state and the resources fetched since `since` (ms, page time), for the breakdown. */
export function collect(since) {
  const state = window.__loginBench;
  const resources = performance
    .getEntriesByType('resource')
    .filter((r) => r.startTime >= since - 1)
    .map((r) => ({
      url: r.name,
      type: r.initiatorType,
      start: r.startTime,
      requestStart: r.requestStart,
      responseStart: r.responseStart,
      end: r.responseEnd,
      bytes: r.transferSize,
      encoded: r.encodedBodySize,
    }));
  return { ...state, resources };
}
