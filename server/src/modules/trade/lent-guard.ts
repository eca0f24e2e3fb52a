/**
 * Lent shares cannot be sold (docs/decisions/0023-securities-lending.md): closePosition (cancel-close.ts) calls this
 * in its transaction, after locking the position row. The refusal names the way out: recall first, or the date
 * recalled shares come back. It lives with the positions and reads the lending table itself: lending imports trade (its
 * holdings and T+1 dates), so trade importing lending would make the module folders a cycle.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { stockLendings } from '../../db/schema';
import { BusinessError } from '../../errors';

export async function assertNotLent(tx: Tx, positionId: bigint, today: string): Promise<void> {
  const lending = await liveLendingOf(tx, positionId);
  if (!lending) return;
  if (lending.status === 0) throw new BusinessError('lending_recall_first');
  // recalled: back on returns_on (the job marks it returned; from that date the close may go ahead)
  if (lending.returnsOn && today < lending.returnsOn)
    throw new BusinessError('lending_returning_on', { values: { date: lending.returnsOn } });
}

/** The live (lent or recalled, not yet returned) lending of a position, if any. */
async function liveLendingOf(tx: Tx, positionId: bigint) {
  const rows = await tx
    .select({ status: stockLendings.status, returnsOn: stockLendings.returnsOn })
    .from(stockLendings)
    .where(and(eq(stockLendings.positionId, positionId), sql`${stockLendings.status} < 2`))
    .limit(1);
  return rows[0];
}
