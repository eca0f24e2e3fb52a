/**
 * Data access of the back office's users pages (issue 14): search by account and one user's detail. Reads
 * only; balances come from the ledger accounts, whose available/held the ledger triggers keep equal to the
 * journal entries and pending holds (0001_foundation.sql).
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { queryRows } from '../../db/query';

export interface UserSearchRow {
  id: bigint;
  account: string;
  email: string;
  realname_status: 'none' | 'pending' | 'verified' | 'failed';
  realname_name: string | null;
  banned: boolean;
  frozen: boolean;
  trade_disabled: boolean;
  restriction_reason: string | null;
  created_at: string | Date;
}

const USER_COLUMNS = sql`id, account, email, realname_status, realname_name, banned, frozen, trade_disabled,
  restriction_reason, created_at`;

/** Users whose account starts with `prefix` (every user when empty), newest first. */
export async function searchUsers(
  tx: Tx,
  prefix: string,
  page: { size: number; offset: number },
): Promise<{ rows: UserSearchRow[]; total: number }> {
  const pattern = `${prefix}%`;
  const rows = await queryRows<UserSearchRow>(
    tx,
    sql`SELECT ${USER_COLUMNS} FROM users WHERE account LIKE ${pattern}
        ORDER BY id DESC LIMIT ${page.size} OFFSET ${page.offset}`,
  );
  const [count] = await queryRows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM users WHERE account LIKE ${pattern}`,
  );
  return { rows, total: count?.n ?? 0 };
}

export async function findUserForDetail(tx: Tx, account: string): Promise<UserSearchRow | undefined> {
  const rows = await queryRows<UserSearchRow>(tx, sql`SELECT ${USER_COLUMNS} FROM users WHERE account = ${account}`);
  return rows[0];
}

export async function userBalances(
  tx: Tx,
  userId: bigint,
): Promise<Array<{ currency: string; available: string; held: string }>> {
  return queryRows(
    tx,
    sql`SELECT currency, available::text AS available, held::text AS held FROM ledger_accounts
        WHERE user_id = ${userId} ORDER BY currency`,
  );
}

export interface HoldRow {
  id: bigint;
  currency: string;
  amount: string;
  reason: string;
  reference: string | null;
  created_at: string | Date;
}

export async function pendingHolds(tx: Tx, userId: bigint): Promise<HoldRow[]> {
  return queryRows(
    tx,
    sql`SELECT h.id, a.currency, h.amount::text AS amount, h.reason, h.reference, h.created_at
        FROM ledger_holds h JOIN ledger_accounts a ON a.id = h.account_id
        WHERE a.user_id = ${userId} AND h.status = 'pending' ORDER BY h.id DESC`,
  );
}

export interface PostingRow {
  id: bigint;
  currency: string;
  amount: string;
  kind: string;
  reference: string | null;
  memo: string | null;
  created_at: string | Date;
}

export async function recentPostings(tx: Tx, userId: bigint, limit: number): Promise<PostingRow[]> {
  return queryRows(
    tx,
    sql`SELECT e.id, e.currency, e.amount::text AS amount, t.kind, t.reference, t.memo, e.created_at
        FROM journal_entries e JOIN ledger_accounts a ON a.id = e.account_id
        JOIN journal_transactions t ON t.id = e.transaction_id
        WHERE a.user_id = ${userId} ORDER BY e.id DESC LIMIT ${limit}`,
  );
}

export interface PositionSummaryRow {
  order_no: string;
  market: string;
  code: string;
  name: string;
  direction: string;
  price_type: string;
  stock_num: string;
  buy_price: string;
  sell_price: string | null;
  realised_pnl: string | null;
  status: number;
  created_at: string | Date;
}

export async function recentPositions(tx: Tx, userId: bigint, limit: number): Promise<PositionSummaryRow[]> {
  return queryRows(
    tx,
    sql`SELECT order_no, market, code, name, direction, price_type, stock_num::text AS stock_num,
               buy_price::text AS buy_price, sell_price::text AS sell_price, realised_pnl::text AS realised_pnl,
               status::int AS status, created_at
        FROM positions WHERE user_id = ${userId} ORDER BY id DESC LIMIT ${limit}`,
  );
}
