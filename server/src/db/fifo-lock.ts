/**
 * A first-in-first-out async lock. PGlite is one session, so transactions must run one at a time;
 * queuing them here (rather than inside PGlite) keeps them in arrival order, and yielding to the
 * event loop with setImmediate before each one stops a long queue from starving timers and sockets.
 */
export class FifoLock {
  private tail: Promise<void> = Promise.resolve();
  private waiting = 0;

  /** Number of callers queued or running. */
  get pending(): number {
    return this.waiting;
  }

  run<T>(fn: () => Promise<T>): Promise<T> {
    let release!: () => void;
    const done = new Promise<void>((resolve) => (release = resolve));
    const previous = this.tail;
    this.tail = previous.then(() => done);
    this.waiting += 1;
    return previous
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(fn)
      .finally(() => {
        this.waiting -= 1;
        release();
      });
  }
}
