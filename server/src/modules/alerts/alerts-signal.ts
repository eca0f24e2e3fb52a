/**
 * Signal of fired price alerts: the alerts job signals each fired alert after its transaction committed, and the
 * stream plugin publishes it on the stream bus, so the account's sockets on every instance get an `alert` frame
 * (shared/src/contract/stream.ts). Module-wide, unlike the per-app inbox signal (modules/inbox/inbox-signal.ts): two
 * apps in one process (tests) both hear each alert and both publish it.
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
