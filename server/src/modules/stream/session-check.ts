/**
 * Which of a set of sessions are still usable, in one read per thousand sessions: the same rule as
 * the HTTP authentication (touchSession + the banned/frozen checks of AccountService.authenticate)
 * but read-only, so an open socket alone never extends a session's idle time.
 */
import type { Database } from '../../db/database';
import { findLiveTokenHashes } from '../sessions/sessions-repository';

const CHUNK = 1000;

export async function liveSessions(
  db: Database,
  tokenHashes: readonly string[],
  idleSeconds: number,
): Promise<Set<string>> {
  const live = new Set<string>();
  for (let start = 0; start < tokenHashes.length; start += CHUNK) {
    const chunk = tokenHashes.slice(start, start + CHUNK);
    const rows = await db.tx((tx) => findLiveTokenHashes(tx, chunk, idleSeconds), { readOnly: true });
    for (const row of rows) live.add(row.tokenHash);
  }
  return live;
}
