/**
 * Which of a set of sessions are still usable, in one read per thousand sessions: the same rule as
 * the HTTP authentication (touchSession + the banned/frozen checks of AccountService.authenticate)
 * but read-only, so an open socket alone never extends a session's idle time.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { queryRows } from '../../db/query';

const CHUNK = 1000;

export async function liveSessions(
  db: Database,
  tokenHashes: readonly string[],
  idleSeconds: number,
): Promise<Set<string>> {
  const live = new Set<string>();
  for (let start = 0; start < tokenHashes.length; start += CHUNK) {
    const chunk = tokenHashes.slice(start, start + CHUNK);
    const rows = await db.tx(
      (tx) =>
        queryRows<{ token_hash: string }>(
          tx,
          sql`
          SELECT s.token_hash
          FROM sessions AS s JOIN users AS u ON u.id = s.user_id
          WHERE s.token_hash IN (${sql.join(
            chunk.map((hash) => sql`${hash}`),
            sql`, `,
          )})
            AND s.expires_at > now()
            AND s.last_seen_at > now() - make_interval(secs => ${idleSeconds})
            AND NOT u.banned AND NOT u.frozen`,
        ),
      { readOnly: true },
    );
    for (const row of rows) live.add(row.token_hash);
  }
  return live;
}
