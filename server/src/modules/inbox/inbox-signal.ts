/**
 * Signal of inbox changes, one per app (issue 34 point 7): the account's new unread count after a message was stored
 * (`notify`) or read. `withInboxSignal` wraps the app's database: a change signalled inside one of its transactions
 * (`signalInboxChange(tx, …)`) is announced to the app's listeners once that transaction has committed, and dropped
 * when it rolls back. The stream plugin publishes each one on the stream bus (in-process, or Redis with REDIS_URL),
 * and every instance sends it to that account's own sockets as an `inbox` frame (shared/src/contract/stream.ts):
 * the account's sockets may be on another instance than the one that wrote the message.
 */
import type { Database, Tx } from '../../db/database';

export type InboxListener = (userId: bigint, unread: number) => void;

export interface InboxSignal {
  /** Subscribes to this app's committed inbox changes; answers the unsubscribe. */
  on(listener: InboxListener): () => void;
}

/** The changes signalled so far in each open transaction of a wrapped database. */
const pending = new WeakMap<Tx, Array<[bigint, number]>>();

/** `db` whose transactions announce their inbox changes to the returned signal after they commit. */
export function withInboxSignal(db: Database): { db: Database; signal: InboxSignal } {
  const listeners = new Set<InboxListener>();
  const signalling: Database = {
    ...db,
    async tx(fn, options) {
      const changes: Array<[bigint, number]> = [];
      const result = await db.tx((tx) => {
        pending.set(tx, changes);
        return fn(tx);
      }, options);
      // Committed: the last count of each account is the one to show.
      const latest = new Map(changes.map(([userId, unread]) => [String(userId), unread]));
      for (const [userId, unread] of latest) for (const listener of listeners) listener(BigInt(userId), unread);
      return result;
    },
  };
  const signal: InboxSignal = {
    on(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return { db: signalling, signal };
}

/** Records the account's unread count after a change in `tx`; told to the app when `tx` commits. */
export function signalInboxChange(tx: Tx, userId: bigint, unread: number): void {
  pending.get(tx)?.push([userId, unread]);
}
