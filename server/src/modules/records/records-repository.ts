/**
 * Fund records read from the ledger (journal entries, holds not yet posted, voided holds' releases)
 * and the balances of the user's ledger accounts. A new-share hold (reasons new_share, new_share_payment)
 * and its release are both `subscription` (the amount's sign tells them apart); a borrowing's hold of its proceeds
 * (credit_order) and its release are `stock_borrow`, as its sale and buy-back.
 */
import { sql } from 'drizzle-orm';
import { FUND_RECORD_TYPES } from 'shared/contract';
import type { Currency } from 'shared/money';
import type { Tx } from '../../db/database';
import { queryRows } from '../../db/query';
import type { journalEntries, journalTransactions, ledgerAccounts } from '../../db/schema';

export type FundRecordType = (typeof FUND_RECORD_TYPES)[number];

/** Journal kinds outside the record types (none today) show as `trade`, never hidden. */
const KNOWN_KINDS = sql.raw(FUND_RECORD_TYPES.map((t) => `'${t}'`).join(', '));

/** A fund record: a journal entry, a hold not yet posted, or the release of a voided hold. */
export type FundRecordRow = Pick<typeof journalEntries.$inferSelect, 'currency' | 'amount'> &
  Pick<typeof journalTransactions.$inferSelect, 'memo'> & {
    /** 1 journal entry, 2 hold, 3 release of a voided hold. */
    src: number;
    seq: bigint;
    type: FundRecordType;
    order_no: string;
    /** Raw SQL answers timestamps as text. */
    time: string;
  };

/** One page of the user's records, newest first, and how many there are. */
export async function listFundRecords(
  tx: Tx,
  userId: bigint,
  input: { page: number; size: number; type?: FundRecordType; currency?: Currency },
): Promise<{ rows: FundRecordRow[]; total: number }> {
  const all = sql`
  SELECT 1 AS src, e.id AS seq, CASE WHEN t.kind IN (${KNOWN_KINDS}) THEN t.kind ELSE 'trade' END AS type,
         coalesce(t.reference, '') AS order_no, e.currency, e.amount, t.memo, e.created_at AS time
  FROM journal_entries e
  JOIN ledger_accounts a ON a.id = e.account_id
  JOIN journal_transactions t ON t.id = e.transaction_id
  WHERE a.user_id = ${userId}
  UNION ALL
  SELECT 2, h.id, CASE WHEN h.reason = 'withdrawal' THEN 'withdrawal_hold'
                       WHEN h.reason IN ('new_share', 'new_share_payment') THEN 'subscription'
                       WHEN h.reason IN ('copy_trade', 'day_trade') THEN h.reason
                       WHEN h.reason = 'credit_order' THEN 'stock_borrow' ELSE 'margin' END,
         coalesce(h.reference, ''), a.currency, -h.amount, NULL, h.created_at
  FROM ledger_holds h JOIN ledger_accounts a ON a.id = h.account_id
  WHERE a.user_id = ${userId} AND h.status <> 'posted'
  UNION ALL
  SELECT 3, h.id, CASE WHEN h.reason = 'withdrawal' THEN 'withdrawal_release'
                       WHEN h.reason IN ('new_share', 'new_share_payment') THEN 'subscription'
                       WHEN h.reason IN ('copy_trade', 'day_trade') THEN h.reason
                       WHEN h.reason = 'credit_order' THEN 'stock_borrow' ELSE 'margin_release' END,
         coalesce(h.reference, ''), a.currency, h.amount, NULL, h.resolved_at
  FROM ledger_holds h JOIN ledger_accounts a ON a.id = h.account_id
  WHERE a.user_id = ${userId} AND h.status = 'voided'`;
  const where = sql`WHERE (${input.type ?? null}::text IS NULL OR r.type = ${input.type ?? null}::text)
                    AND (${input.currency ?? null}::text IS NULL OR r.currency = ${input.currency ?? null}::text)`;
  const rows = await queryRows<FundRecordRow>(
    tx,
    sql`SELECT * FROM (${all}) r ${where}
        ORDER BY r.time DESC, r.src DESC, r.seq DESC LIMIT ${input.size} OFFSET ${(input.page - 1) * input.size}`,
  );
  const [count] = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM (${all}) r ${where}`);
  return { rows, total: count?.n ?? 0 };
}

export type Balance = Pick<typeof ledgerAccounts.$inferSelect, 'currency' | 'available' | 'held'>;

export async function listBalances(tx: Tx, userId: bigint): Promise<Balance[]> {
  return queryRows<Balance>(tx, sql`SELECT currency, available, held FROM ledger_accounts WHERE user_id = ${userId}`);
}
