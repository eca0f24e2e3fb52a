/**
 * In-process signal of inbox changes: the account's new unread count after a message was stored
 * (`notify`) or read. The stream plugin forwards it to that account's sockets as an `inbox` frame
 * (shared/src/contract/stream.ts). The count is taken inside the writing transaction and sent on
 * the next turn of the event loop, when the caller's transaction has normally committed; a
 * rolled-back message may thus announce a count one too high until the next change or the
 * client's own refresh (on focus, on opening the inbox). One process only: with several
 * instances behind Redis, an account's sockets on another instance learn it on their next refresh.
 */
type Listener = (userId: bigint, unread: number) => void;

const listeners = new Set<Listener>();

/** Subscribes to inbox changes; answers the unsubscribe. */
export function onInboxChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function signalInboxChange(userId: bigint, unread: number): void {
  if (listeners.size === 0) return;
  setImmediate(() => {
    for (const listener of listeners) listener(userId, unread);
  });
}
