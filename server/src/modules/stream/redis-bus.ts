/**
 * The quote bus across server instances: Redis pub/sub carries each second's batch of quotes to
 * every instance, and a lease in Redis decides which one instance publishes
 * (docs/decisions/0010-quote-stream.md).
 *
 * Lease: the key `<prefix>:leader` holds the leader's id with a TTL of `leaseMs`. Every `renewMs`
 * each instance runs one script: the holder extends its TTL, anyone else takes the key only if it
 * is absent (so a dead leader is replaced within leaseMs + renewMs). The leader counts itself the
 * leader only until `leaseMs - margin` after it *sent* its last successful renewal: the key lives at
 * least that long in Redis, so two instances never publish at once (clock rates being equal). A
 * closing leader deletes its key at once, so failover on a clean shutdown takes one renewal period.
 */
import { performance } from 'node:perf_hooks';
import { Redis } from 'ioredis';
import type { AlertEvent, InboxEvent, StreamBus, TickBatch } from './bus';

export interface RedisBusOptions {
  url: string;
  /** Key and channel prefix: instances that share it serve the same stream. */
  prefix: string;
  id: string;
  leaseMs: number;
  renewMs: number;
  log: { warn(object: object, message: string): void; info(object: object, message: string): void };
}

/** Take the lease when free, extend it when ours; 1 when we hold it afterwards. */
const CAMPAIGN = `
local v = redis.call('GET', KEYS[1])
if v == ARGV[1] then redis.call('PEXPIRE', KEYS[1], ARGV[2]) return 1 end
if not v then redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 1 end
return 0`;

/** Delete the lease only if it is still ours. */
const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

export class RedisBus implements StreamBus {
  readonly kind = 'redis' as const;
  readonly id: string;
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly leaderKey: string;
  private readonly ticksChannel: string;
  private readonly checkChannel: string;
  private readonly alertChannel: string;
  private readonly inboxChannel: string;
  private readonly tickListeners: Array<(batch: TickBatch) => void> = [];
  private readonly checkListeners: Array<() => void> = [];
  private readonly alertListeners: Array<(event: AlertEvent) => void> = [];
  private readonly inboxListeners: Array<(event: InboxEvent) => void> = [];
  /** performance.now() until which this instance may publish; 0 when it is not the leader. */
  private leaderUntil = 0;
  private inflight: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private closing = false;
  private publishFailing = false;

  constructor(private readonly options: RedisBusOptions) {
    this.id = options.id;
    this.leaderKey = `${options.prefix}:leader`;
    this.ticksChannel = `${options.prefix}:ticks`;
    this.checkChannel = `${options.prefix}:sessions`;
    this.alertChannel = `${options.prefix}:alerts`;
    this.inboxChannel = `${options.prefix}:inbox`;
    const common = { lazyConnect: true, maxRetriesPerRequest: 2, connectionName: `kabu-stream-${options.id}` };
    this.pub = new Redis(options.url, common);
    this.sub = new Redis(options.url, common);
    for (const [role, client] of [
      ['pub', this.pub],
      ['sub', this.sub],
    ] as const) {
      client.on('error', (error: Error) => {
        if (!this.closed) options.log.warn({ err: error.message, role }, 'stream: redis connection error');
      });
    }
  }

  isLeader(): boolean {
    return !this.closed && performance.now() < this.leaderUntil;
  }

  async start(): Promise<void> {
    await Promise.all([this.pub.connect(), this.sub.connect()]);
    this.sub.on('message', (channel: string, message: string) => this.receive(channel, message));
    await this.sub.subscribe(this.ticksChannel, this.checkChannel, this.alertChannel, this.inboxChannel);
    await this.campaign();
    this.timer = setInterval(() => void this.campaign(), this.options.renewMs);
    this.timer.unref();
  }

  private receive(channel: string, message: string): void {
    if (this.closed) return;
    if (channel === this.checkChannel) {
      for (const listener of this.checkListeners) listener();
      return;
    }
    if (channel === this.alertChannel) {
      this.receiveAlert(message);
      return;
    }
    if (channel === this.inboxChannel) {
      this.receiveInbox(message);
      return;
    }
    if (channel !== this.ticksChannel) return;
    let batch: TickBatch;
    try {
      batch = JSON.parse(message) as TickBatch;
    } catch {
      this.options.log.warn({ channel }, 'stream: unreadable batch on the bus');
      return;
    }
    if (!batch || typeof batch.time !== 'string' || !Array.isArray(batch.quotes)) return;
    for (const listener of this.tickListeners) listener(batch);
  }

  private receiveAlert(message: string): void {
    let event: AlertEvent;
    try {
      event = JSON.parse(message) as AlertEvent;
    } catch {
      this.options.log.warn({ channel: this.alertChannel }, 'stream: unreadable alert on the bus');
      return;
    }
    if (!event || typeof event.userId !== 'string' || !/^\d+$/.test(event.userId) || !event.alert) return;
    for (const listener of this.alertListeners) listener(event);
  }

  private receiveInbox(message: string): void {
    let event: InboxEvent;
    try {
      event = JSON.parse(message) as InboxEvent;
    } catch {
      this.options.log.warn({ channel: this.inboxChannel }, 'stream: unreadable inbox change on the bus');
      return;
    }
    if (!event || typeof event.userId !== 'string' || !/^\d+$/.test(event.userId)) return;
    if (!Number.isSafeInteger(event.unread) || event.unread < 0) return;
    for (const listener of this.inboxListeners) listener(event);
  }

  private campaign(): Promise<void> {
    if (this.closing) return Promise.resolve();
    this.inflight ??= this.runCampaign().finally(() => {
      this.inflight = undefined;
    });
    return this.inflight;
  }

  private async runCampaign(): Promise<void> {
    const wasLeader = this.isLeader();
    const sentAt = performance.now();
    try {
      const held = (await this.pub.eval(CAMPAIGN, 1, this.leaderKey, this.id, String(this.options.leaseMs))) === 1;
      // Margin: a tenth of the lease, for the time the answer took and timer lateness.
      this.leaderUntil = held && !this.closed ? sentAt + this.options.leaseMs * 0.9 : 0;
      if (held !== wasLeader)
        this.options.log.info(
          { id: this.id, leader: held },
          held ? 'stream: this instance now publishes ticks' : 'stream: lost the tick-publishing lease',
        );
    } catch (error) {
      // Unknown outcome: keep the deadline we had; it runs out by itself if Redis stays away.
      this.options.log.warn({ err: (error as Error).message }, 'stream: lease renewal failed');
    }
  }

  publishTicks(batch: TickBatch): void {
    if (this.closed) return;
    this.pub.publish(this.ticksChannel, JSON.stringify(batch)).then(
      () => {
        if (this.publishFailing) this.options.log.info({}, 'stream: publishing ticks again');
        this.publishFailing = false;
      },
      (error: Error) => {
        // Once per outage, not once a second.
        if (!this.publishFailing) this.options.log.warn({ err: error.message }, 'stream: publishing ticks failed');
        this.publishFailing = true;
      },
    );
  }

  onTicks(listener: (batch: TickBatch) => void): void {
    this.tickListeners.push(listener);
  }

  publishSessionCheck(): void {
    if (this.closed) return;
    this.pub.publish(this.checkChannel, '1').catch((error: Error) => {
      this.options.log.warn({ err: error.message }, 'stream: publishing a session check failed');
    });
  }

  onSessionCheck(listener: () => void): void {
    this.checkListeners.push(listener);
  }

  publishAlert(event: AlertEvent): void {
    if (this.closed) return;
    this.pub.publish(this.alertChannel, JSON.stringify(event)).catch((error: Error) => {
      this.options.log.warn({ err: error.message }, 'stream: publishing an alert failed');
    });
  }

  onAlert(listener: (event: AlertEvent) => void): void {
    this.alertListeners.push(listener);
  }

  publishInbox(event: InboxEvent): void {
    if (this.closed) return;
    this.pub.publish(this.inboxChannel, JSON.stringify(event)).catch((error: Error) => {
      this.options.log.warn({ err: error.message }, 'stream: publishing an inbox change failed');
    });
  }

  onInbox(listener: (event: InboxEvent) => void): void {
    this.inboxListeners.push(listener);
  }

  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    if (this.timer) clearInterval(this.timer);
    // A renewal in flight may still take the lease: let it land, then release what we hold.
    await this.inflight;
    const wasLeader = this.isLeader();
    this.closed = true;
    this.leaderUntil = 0;
    try {
      // Hand over at once instead of after the lease runs out.
      if (wasLeader) await this.pub.eval(RELEASE, 1, this.leaderKey, this.id);
    } catch {
      // The lease expires by itself.
    }
    await Promise.all([
      this.sub.quit().catch(() => this.sub.disconnect()),
      this.pub.quit().catch(() => this.pub.disconnect()),
    ]);
  }
}
