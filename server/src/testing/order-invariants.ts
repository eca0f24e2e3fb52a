/**
 * Fixtures of the advanced-order suites (issue 13): the ledger invariants with the order holds (every live order
 * or position holds exactly its figures; no resolved order keeps a pending hold), the inbox messages of a user.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows } from '../db/query';
import { expectLedgerInvariants } from './ledger-invariants';

/** The ledger invariants plus the order holds': checked after every scenario. */
export async function expectOrderInvariants(app: FastifyInstance): Promise<void> {
  await expectLedgerInvariants(app.db, {
    // A cancelled or closed order never keeps a pending hold.
    unresolved_holds: sql`SELECT count(*) FROM positions p JOIN ledger_holds h ON h.id = p.hold_id
                          WHERE p.status IN (2, 4) AND h.status = 'pending'`,
    // A waiting order holds margin + fee, an open position its margin, in a pending hold.
    hold_mismatch: sql`SELECT count(*) FROM positions p JOIN ledger_holds h ON h.id = p.hold_id
                       WHERE p.day_trade_id IS NULL AND (
                         (p.status = 3 AND (h.amount <> p.margin + p.fee OR h.status <> 'pending'))
                         OR (p.status IN (0, 1) AND (h.amount <> p.margin OR h.status <> 'pending')))`,
  });
}

/** A user's inbox messages (event key and values), oldest first. */
export async function inboxOf(
  app: FastifyInstance,
  userId: bigint,
): Promise<Array<{ key: string; values: Record<string, string> }>> {
  return app.db.tx((tx) =>
    queryRows<{ key: string; values: Record<string, string> }>(
      tx,
      sql`SELECT msg_key AS key, msg_values AS values FROM messages WHERE user_id = ${userId} ORDER BY id`,
    ),
  );
}
