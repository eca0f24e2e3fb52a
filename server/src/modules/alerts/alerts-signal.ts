/**
 * In-process signal of fired price alerts, as inbox-signal.ts does for the unread count: the alerts job signals each
 * fired alert after its transaction committed, and the stream plugin forwards it to that account's sockets as an
 * `alert` frame (shared/src/contract/stream.ts). One process only: a socket on another instance does not get the
 * frame (its inbox still has the message); decision 0022 records it.
 */
import type { AlertFired } from 'shared/contract';

type Listener = (userId: bigint, alert: AlertFired) => void;

const listeners = new Set<Listener>();

/** Subscribes to fired alerts; answers the unsubscribe. */
export function onAlertFired(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function signalAlertFired(userId: bigint, alert: AlertFired): void {
  for (const listener of listeners) listener(userId, alert);
}
