/**
 * Raw SQL through a transaction. Both drivers answer `{ rows }` (node-postgres QueryResult and
 * PGlite Results); drizzle's generic transaction type does not say so, hence this one typed helper.
 */
import type { SQL } from 'drizzle-orm';
import type { Tx } from './database';

export async function queryRows<Row>(tx: Tx, query: SQL): Promise<Row[]> {
  const result = (await tx.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
