/**
 * The quote bus between server instances (docs/decisions/0010-quote-stream.md). Exactly one
 * instance, the leader, turns the provider's ticks into wire quotes and publishes them; every
 * instance (the leader included) receives each batch from the bus and fans it out to its own
 * sockets. In one process (the default, `npm start` without Redis) the bus is a function call and
 * the process is always the leader; with REDIS_URL it is Redis pub/sub plus a leader lease
 * (redis-bus.ts).
 */
import type { AlertFired, Quote } from 'shared/contract';

/** One second's changed quotes, as the leader published them. */
export interface TickBatch {
  /** Id of the publishing instance (lets tests and operators see that exactly one publishes). */
  origin: string;
  /** The leader's app-clock instant when it published (ISO). */
  time: string;
  /** Changed quotes, in one language; `names` carries all three, so receivers localize `name`. */
  quotes: Quote[];
}

/** A fired price alert of one account (docs/decisions/0022): every instance sends it to that account's sockets. */
export interface AlertEvent {
  /** The account's user id (a decimal string: bigint does not travel as JSON). */
  userId: string;
  alert: AlertFired;
}

/** An account's new unread inbox count (issue 34 point 7): every instance sends it to that account's sockets. */
export interface InboxEvent {
  /** The account's user id (a decimal string). */
  userId: string;
  unread: number;
}

export interface StreamBus {
  readonly kind: 'memory' | 'redis';
  /** This instance's id (random per start). */
  readonly id: string;
  /** True while this instance holds the right to publish ticks. */
  isLeader(): boolean;
  publishTicks(batch: TickBatch): void;
  onTicks(listener: (batch: TickBatch) => void): void;
  /** Asks every instance to re-check the sessions of its sockets (after a logout, a password change, a ban). */
  publishSessionCheck(): void;
  onSessionCheck(listener: () => void): void;
  /** A fired price alert, to the instance that holds the account's sockets (whichever fired it). */
  publishAlert(event: AlertEvent): void;
  onAlert(listener: (event: AlertEvent) => void): void;
  /** An inbox change, to the instances that hold the account's sockets (whichever wrote the message). */
  publishInbox(event: InboxEvent): void;
  onInbox(listener: (event: InboxEvent) => void): void;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** The single-process bus: delivery is a call (on the next turn of the event loop), leadership is permanent. */
export class InProcessBus implements StreamBus {
  readonly kind = 'memory' as const;
  private readonly tickListeners: Array<(batch: TickBatch) => void> = [];
  private readonly checkListeners: Array<() => void> = [];
  private readonly alertListeners: Array<(event: AlertEvent) => void> = [];
  private readonly inboxListeners: Array<(event: InboxEvent) => void> = [];
  private closed = false;

  constructor(readonly id: string) {}

  isLeader(): boolean {
    return !this.closed;
  }

  publishTicks(batch: TickBatch): void {
    // Off the publisher's call stack: the provider's other tick listeners do not wait for the fan-out.
    setImmediate(() => {
      if (!this.closed) for (const listener of this.tickListeners) listener(batch);
    });
  }

  onTicks(listener: (batch: TickBatch) => void): void {
    this.tickListeners.push(listener);
  }

  publishSessionCheck(): void {
    setImmediate(() => {
      if (!this.closed) for (const listener of this.checkListeners) listener();
    });
  }

  onSessionCheck(listener: () => void): void {
    this.checkListeners.push(listener);
  }

  publishAlert(event: AlertEvent): void {
    setImmediate(() => {
      if (!this.closed) for (const listener of this.alertListeners) listener(event);
    });
  }

  onAlert(listener: (event: AlertEvent) => void): void {
    this.alertListeners.push(listener);
  }

  publishInbox(event: InboxEvent): void {
    setImmediate(() => {
      if (!this.closed) for (const listener of this.inboxListeners) listener(event);
    });
  }

  onInbox(listener: (event: InboxEvent) => void): void {
    this.inboxListeners.push(listener);
  }

  async start(): Promise<void> {
    // Nothing to connect.
  }

  async close(): Promise<void> {
    this.closed = true;
  }
}
