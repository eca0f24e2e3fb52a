/**
 * Caps concurrent work (password hashes take ~128 MiB and a few hundred ms each). Callers beyond
 * `maxQueued` are refused at once, so a login flood cannot exhaust memory.
 */
export class QueueFullError extends Error {
  constructor() {
    super('work queue is full');
    this.name = 'QueueFullError';
  }
}

export class Semaphore {
  private active = 0;
  private readonly queue: Array<() => void> = [];

  constructor(
    private readonly maxActive: number,
    private readonly maxQueued: number,
  ) {}

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.active >= this.maxActive) {
      if (this.queue.length >= this.maxQueued) throw new QueueFullError();
      await new Promise<void>((resolve) => this.queue.push(resolve));
    } else {
      this.active += 1;
    }
    try {
      return await fn();
    } finally {
      const next = this.queue.shift();
      // Hand the slot straight to the next waiter; otherwise free it.
      if (next) next();
      else this.active -= 1;
    }
  }
}
