/**
 * Loads remotes on demand and keeps their state: idle → loading → ready | failed, and on retry
 * failed → loading again with the remote force-re-registered in the MF runtime (so a failed
 * manifest or entry is not served from the runtime's caches). Each successful load gets a new
 * generation number: the router mounts its routes in a fresh slot so a retried remote replaces
 * the routes (and lazy screens) of a broken one.
 */
import type { HostContext, RemoteEntry, RemoteRegistration } from 'shared/mf';
import { isUnavailableRemote } from './error-plugin';
import type { RemoteRuntime } from './runtime';
import { yieldToMain } from '../boot/yield';

export type RemoteStatus = 'idle' | 'loading' | 'ready' | 'failed';

export interface RemoteState {
  status: RemoteStatus;
  /** Successful loads so far (0 before the first). */
  generation: number;
  build?: string;
  error?: unknown;
}

export class RemoteLoadError extends Error {
  constructor(
    readonly remote: string,
    override readonly cause: unknown,
  ) {
    super(`remote ${remote} could not be loaded: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'RemoteLoadError';
  }
}

export class RemoteLoader {
  private readonly states = new Map<string, RemoteState>();
  private readonly pending = new Map<string, Promise<RemoteRegistration>>();
  private readonly listeners = new Set<() => void>();
  private readonly registered = new Set<string>();
  private readonly registrations = new Map<string, RemoteRegistration>();

  constructor(
    private readonly runtime: RemoteRuntime,
    private readonly remotes: readonly RemoteEntry[],
    private readonly context: () => HostContext,
    /** Gives the browser a turn between the remote's start-up steps (tests with fake timers pass a no-op). */
    private readonly yieldTurn: () => Promise<void> = yieldToMain,
  ) {}

  /** Registers every remote of remotes.json with the runtime (no network until a load). */
  registerAll(): void {
    this.runtime.register([...this.remotes], false);
    for (const r of this.remotes) this.registered.add(r.name);
  }

  state(name: string): RemoteState {
    return this.states.get(name) ?? { status: 'idle', generation: 0 };
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private set(name: string, patch: Partial<RemoteState>) {
    this.states.set(name, { ...this.state(name), ...patch });
    for (const l of this.listeners) l();
  }

  /**
   * Loads `./register` and calls it. Concurrent calls share one load. With `force` (retry) the
   * remote is re-registered with the runtime first. Rejects with RemoteLoadError.
   */
  load(name: string, options: { force?: boolean } = {}): Promise<RemoteRegistration> {
    const running = this.pending.get(name);
    if (running) return running;
    const loaded = this.registrations.get(name);
    if (loaded && !options.force && this.state(name).status === 'ready') return Promise.resolve(loaded);
    const entry = this.remotes.find((r) => r.name === name);
    if (!entry) return Promise.reject(new RemoteLoadError(name, new Error('not in remotes.json')));
    const attempt = (async () => {
      this.set(name, { status: 'loading', error: undefined });
      try {
        if (options.force || !this.registered.has(name)) {
          this.runtime.register([entry], options.force === true);
          this.registered.add(name);
        }
        const mod = await this.runtime.load(name);
        if (isUnavailableRemote(mod)) throw mod.error;
        if (!mod || typeof mod.register !== 'function') throw new Error('./register does not export register()');
        // the remote's container start-up and its register() in separate tasks (no long task)
        await this.yieldTurn();
        const registration = await mod.register(this.context());
        if (!registration || !Array.isArray(registration.routes)) throw new Error('register() answered no routes');
        this.registrations.set(name, registration);
        this.set(name, {
          status: 'ready',
          generation: this.state(name).generation + 1,
          build: registration.build,
          error: undefined,
        });
        return registration;
      } catch (error) {
        const failure = error instanceof RemoteLoadError ? error : new RemoteLoadError(name, error);
        this.set(name, { status: 'failed', error: failure });
        throw failure;
      } finally {
        this.pending.delete(name);
      }
    })();
    this.pending.set(name, attempt);
    return attempt;
  }

  /** Warms a remote (idle time, route intent); errors are ignored here and surface on visit. */
  preload(name: string): void {
    if (this.state(name).status !== 'idle' || !this.remotes.some((r) => r.name === name)) return;
    this.runtime.preload(name).catch(() => undefined);
  }

  /** Idle warm-up: the remote's files into the network cache, none of its code run (else preload). */
  warm(name: string): void {
    if (this.state(name).status !== 'idle' || !this.remotes.some((r) => r.name === name)) return;
    if (!this.runtime.warm) return this.preload(name);
    this.runtime.warm(name).catch(() => undefined);
  }
}
