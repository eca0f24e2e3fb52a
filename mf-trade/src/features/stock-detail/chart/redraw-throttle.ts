/**
 * When the stock chart redraws: at most once per interval (a second), at the first animation frame
 * a whole interval after the last redraw (after the browser laid out what React changed for the
 * tick, so the chart's measurements do not force a page layout), and never while the page is
 * hidden (it catches up when the page shows again). Each redraw is one `chart.redraw(false)`,
 * measured as "tr-chart-redraw" (performance.measure; read by bench/chart.bench.mjs).
 */
import type { ChartLike } from './chart-types';

const REDRAW_MARK = 'tr-chart-redraw';

export interface RedrawThrottleOptions {
  /** Minimum time between redraws (ms), default 1000. */
  intervalMs?: number;
  /** Runs a flush at the start of a frame (default requestAnimationFrame). */
  schedule?: (run: () => void) => void;
  doc?: Pick<Document, 'hidden' | 'addEventListener' | 'removeEventListener'>;
}

export class RedrawThrottle {
  private readonly intervalMs: number;
  private readonly doc: RedrawThrottleOptions['doc'];
  private readonly timer: ReturnType<typeof setInterval>;
  private scheduled = false;
  private stopped = false;
  private lastRedrawAt = -Infinity;
  /** Redraws done (for tests and the bench). */
  redraws = 0;

  /**
   * Every interval (and when the page shows again), if `due()`, runs `flush` at the next suitable
   * frame; `flush` calls `redraw` when it changed the chart.
   */
  constructor(
    private readonly chart: ChartLike,
    private readonly due: () => boolean,
    private readonly flush: () => void,
    private readonly options: RedrawThrottleOptions = {},
  ) {
    this.intervalMs = options.intervalMs ?? 1000;
    this.doc = options.doc ?? (typeof document === 'undefined' ? undefined : document);
    this.timer = setInterval(() => this.request(), this.intervalMs);
    this.doc?.addEventListener('visibilitychange', this.onVisibility);
  }

  /** Whether the page is hidden (nothing is drawn then). */
  get hidden(): boolean {
    return !!this.doc?.hidden;
  }

  /** One redraw of the chart, now. */
  redraw(): void {
    const perf = typeof performance !== 'undefined' && typeof performance.mark === 'function' ? performance : undefined;
    perf?.mark(`${REDRAW_MARK}-start`);
    this.chart.redraw(false);
    perf?.measure(REDRAW_MARK, `${REDRAW_MARK}-start`);
    this.lastRedrawAt = Date.now();
    this.redraws += 1;
  }

  stop(): void {
    this.stopped = true;
    clearInterval(this.timer);
    this.doc?.removeEventListener('visibilitychange', this.onVisibility);
  }

  private request() {
    if (!this.due() || this.scheduled || this.hidden) return;
    const schedule =
      this.options.schedule ??
      (typeof requestAnimationFrame === 'function' ? requestAnimationFrame : (run: () => void) => run());
    this.scheduled = true;
    const run = () => {
      if (this.stopped) return;
      // A frame can come a few ms early: wait for the first frame a whole interval after the last redraw.
      if (Date.now() - this.lastRedrawAt < this.intervalMs) {
        schedule(run);
        return;
      }
      this.scheduled = false;
      this.flush();
    };
    schedule(run);
  }

  private onVisibility = () => {
    if (!this.hidden) this.request();
  };
}
