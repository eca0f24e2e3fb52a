/**
 * The hub's bookkeeping of its sockets (hub.ts): how many are open per IP address, which belong to each session
 * (by token hash) and which to each account, for the connection caps, the session checks and an account's frames.
 */

/** What the registry reads of a socket. */
export interface RegisteredClient {
  /** The session's token hash ('' before auth). */
  tokenHash: string;
  userId: bigint | undefined;
}

export class HubRegistry<C extends RegisteredClient> {
  private readonly perIp = new Map<string, number>();
  private readonly perSession = new Map<string, Set<C>>();
  private readonly perUser = new Map<bigint, Set<C>>();

  /** Counts one more socket from `ip`; false (nothing counted) when it already has `max`. */
  admitIp(ip: string, max: number): boolean {
    const count = this.perIp.get(ip) ?? 0;
    if (count >= max) return false;
    this.perIp.set(ip, count + 1);
    return true;
  }

  /** A socket from `ip` is gone. */
  releaseIp(ip: string): void {
    const left = (this.perIp.get(ip) ?? 1) - 1;
    if (left > 0) this.perIp.set(ip, left);
    else this.perIp.delete(ip);
  }

  /**
   * Records an authenticated socket under its session and account (sets its tokenHash and userId); false (nothing
   * recorded) when the session already has `max` sockets.
   */
  join(client: C, tokenHash: string, userId: bigint, max: number): boolean {
    const peers = this.perSession.get(tokenHash) ?? new Set<C>();
    if (peers.size >= max) return false;
    peers.add(client);
    this.perSession.set(tokenHash, peers);
    client.tokenHash = tokenHash;
    client.userId = userId;
    this.perUser.set(userId, (this.perUser.get(userId) ?? new Set()).add(client));
    return true;
  }

  /** Removes a socket from its session and account (idempotent). */
  leave(client: C): void {
    if (client.tokenHash) {
      const peers = this.perSession.get(client.tokenHash);
      peers?.delete(client);
      if (peers && peers.size === 0) this.perSession.delete(client.tokenHash);
    }
    const mine = client.userId === undefined ? undefined : this.perUser.get(client.userId);
    if (mine?.delete(client) && mine.size === 0) this.perUser.delete(client.userId!);
  }

  /** The token hashes of the sessions with sockets. */
  sessions(): string[] {
    return [...this.perSession.keys()];
  }

  /** The sockets of a session (a copy: safe to drop them while iterating). */
  ofSession(tokenHash: string): C[] {
    return [...(this.perSession.get(tokenHash) ?? [])];
  }

  /** The ready sockets of an account. */
  ofUser(userId: bigint): Iterable<C> {
    return this.perUser.get(userId) ?? [];
  }
}
