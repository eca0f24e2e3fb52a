/**
 * Lent shares cannot be sold (docs/decisions/0023-securities-lending.md): trade-service's close calls this in its
 * transaction, after locking the position row. The refusal names the way out: recall first, or the date recalled
 * shares come back.
 */
import type { Tx } from '../../db/database';
import { BusinessError } from '../../errors';
import { liveLendingOf } from './lending-repository';

export async function assertNotLent(tx: Tx, positionId: bigint, today: string): Promise<void> {
  const lending = await liveLendingOf(tx, positionId);
  if (!lending) return;
  if (lending.status === 0) throw new BusinessError('lending_recall_first');
  // recalled: back on returns_on (the job marks it returned; from that date the close may go ahead)
  if (lending.returnsOn && today < lending.returnsOn)
    throw new BusinessError('lending_returning_on', { values: { date: lending.returnsOn } });
}
