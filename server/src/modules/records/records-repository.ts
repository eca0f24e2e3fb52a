/**
 * Fund records as a statement (docs/decisions/0036-fund-records-as-a-statement.md): one line per economic
 * event, read from the ledger only, with the running balance of the user's money in that currency.
 *
 * Moves: every journal entry of the user's accounts (changes the money, available + frozen), every hold
 * (moves money from available to frozen) and every resolution of a hold, posted or voided (frozen back to
 * available). An event is the moves of one currency booked at one instant under one reference (an order
 * number); a day-trade position's moves count under its day trade's number, so a settlement's releases,
 * P&L and fees make one line. A line's `amount` is the change of the money (the sum of its journal entries:
 * freezes and releases are internal and never income), its `frozen` the change of what is frozen, its
 * `balance` the money after it (available + frozen, the sum of all journal entries up to it). A short sale's
 * proceeds held against the borrowed shares are not the user's money: the balance leaves them out.
 */
import { sql, type SQL } from 'drizzle-orm';
import { FUND_RECORD_TYPES } from 'shared/contract';
import type { Currency } from 'shared/money';
import type { Tx } from '../../db/database';
import { queryRows } from '../../db/query';
import type { ledgerAccounts } from '../../db/schema';

export type FundRecordType = (typeof FUND_RECORD_TYPES)[number];

/** Journal kinds outside the record types (none today) show as `trade`, never hidden. */
const KNOWN_KINDS = sql.raw(FUND_RECORD_TYPES.map((t) => `'${t}'`).join(', '));

/**
 * Which move names its event (the first in this order): what the user did or was done to them, before the
 * trading legs, before freezes and releases, before fees.
 */
const TYPE_RANK: readonly FundRecordType[] = [
  'correction',
  'deposit',
  'withdrawal',
  'withdrawal_release',
  'withdrawal_hold',
  'exchange',
  'loan',
  'loan_repay',
  'day_trade',
  'subscription',
  'copy_trade',
  'stock_borrow',
  'dividend',
  'lending_fee',
  'trade',
  'margin',
  'margin_release',
  'fee',
];
const RANK = sql.raw(`CASE m.type ${TYPE_RANK.map((t, i) => `WHEN '${t}' THEN ${i}`).join(' ')} ELSE 99 END`);

/** One statement line. */
export interface FundRecordRow {
  /** The first move of the event: 1 journal entry, 2 hold, 3 resolution of a hold; and its id. */
  src: number;
  seq: bigint;
  type: FundRecordType;
  order_no: string;
  currency: Currency;
  amount: string;
  frozen: string;
  balance: string;
  memo: string | null;
  /** Raw SQL answers timestamps as text. */
  time: string;
}

/**
 * The user's whole statement as SQL common table expressions (`statement` the lines, each with its running
 * balance): the moves, grouped into events, named and balanced.
 */
function statementOf(userId: bigint): SQL {
  const holdType = sql`CASE WHEN h.reason = 'withdrawal' THEN 'withdrawal_hold'
                            WHEN h.reason IN ('new_share', 'new_share_payment') THEN 'subscription'
                            WHEN h.reason IN ('copy_trade', 'day_trade') THEN h.reason
                            WHEN h.reason = 'credit_order' THEN 'stock_borrow' ELSE 'margin' END`;
  const releaseType = sql`CASE WHEN h.reason = 'withdrawal' THEN 'withdrawal_release'
                               WHEN h.reason IN ('new_share', 'new_share_payment') THEN 'subscription'
                               WHEN h.reason IN ('copy_trade', 'day_trade') THEN h.reason
                               WHEN h.reason = 'credit_order' THEN 'stock_borrow' ELSE 'margin_release' END`;
  // A short sale's proceeds, held against the borrowed shares (credit_order), are not the user's money: their
  // hold takes them out of the balance and its release (the buy-back) brings them back, so the sale shows 0
  // and the buy-back its profit or loss (less the fee); they never count in `frozen` either.
  const proceeds = (credit: SQL, other: SQL = sql`0`) =>
    sql`CASE WHEN h.reason = 'credit_order' THEN ${credit} ELSE ${other} END`;
  return sql`
  WITH moves AS (
    SELECT 1 AS src, e.id AS seq, CASE WHEN t.kind IN (${KNOWN_KINDS}) THEN t.kind ELSE 'trade' END AS type,
           coalesce(t.reference, '') AS ref, a.currency, e.amount AS cash, 0::numeric AS frozen, t.memo,
           e.created_at AS time
    FROM journal_entries e
    JOIN ledger_accounts a ON a.id = e.account_id
    JOIN journal_transactions t ON t.id = e.transaction_id
    WHERE a.user_id = ${userId}
    UNION ALL
    SELECT 2, h.id, ${holdType}, coalesce(h.reference, ''), a.currency, ${proceeds(sql`-h.amount`)},
           ${proceeds(sql`0`, sql`h.amount`)}, NULL, h.created_at
    FROM ledger_holds h JOIN ledger_accounts a ON a.id = h.account_id
    WHERE a.user_id = ${userId}
    UNION ALL
    SELECT 3, h.id, ${releaseType}, coalesce(h.reference, ''), a.currency, ${proceeds(sql`h.amount`)},
           ${proceeds(sql`0`, sql`-h.amount`)}, NULL, h.resolved_at
    FROM ledger_holds h JOIN ledger_accounts a ON a.id = h.account_id
    WHERE a.user_id = ${userId} AND h.status <> 'pending'
  ),
  grouped AS (
    SELECT m.*, coalesce(d.order_no, m.ref) AS event_ref, ${RANK} AS rank
    FROM moves m
    LEFT JOIN positions p ON p.user_id = ${userId} AND p.order_no = m.ref AND p.day_trade_id IS NOT NULL
    LEFT JOIN day_trades d ON d.id = p.day_trade_id
  ),
  events AS (
    SELECT g.currency, g.time, g.event_ref AS order_no,
           (array_agg(g.src ORDER BY g.src, g.seq))[1] AS src,
           (array_agg(g.seq ORDER BY g.src, g.seq))[1] AS seq,
           (array_agg(g.type ORDER BY g.rank, g.src, g.seq))[1] AS type,
           (array_agg(g.memo ORDER BY g.rank, g.src, g.seq) FILTER (WHERE g.memo IS NOT NULL))[1] AS memo,
           sum(g.cash) AS amount, sum(g.frozen) AS frozen
    FROM grouped g
    GROUP BY g.currency, g.time, g.event_ref
  ),
  statement AS (
    SELECT ev.src, ev.seq, ev.order_no, ev.currency, ev.memo, ev.time, ev.amount, ev.frozen,
           CASE WHEN ev.type IN ('margin', 'margin_release')
                THEN CASE WHEN ev.frozen < 0 THEN 'margin_release' ELSE 'margin' END
                ELSE ev.type END AS type,
           sum(ev.amount) OVER (PARTITION BY ev.currency ORDER BY ev.time, ev.src, ev.seq
                                ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS balance
    FROM events ev
  )`;
}

/** One page of the user's statement, newest first, and how many lines there are. */
export async function listFundRecords(
  tx: Tx,
  userId: bigint,
  input: { page: number; size: number; type?: FundRecordType; currency?: Currency },
): Promise<{ rows: FundRecordRow[]; total: number }> {
  const events = statementOf(userId);
  const where = sql`WHERE (${input.type ?? null}::text IS NULL OR r.type = ${input.type ?? null}::text)
                    AND (${input.currency ?? null}::text IS NULL OR r.currency = ${input.currency ?? null}::text)`;
  // The statement is built once: the page and the number of lines in one statement (the window count runs before
  // LIMIT); only a page past the end, which has no row to carry it, counts again.
  const rows = await queryRows<FundRecordRow & { total: number }>(
    tx,
    sql`${events} SELECT r.src, r.seq, r.type, r.order_no, r.currency, r.amount::text AS amount,
                         r.frozen::text AS frozen, r.balance::text AS balance, r.memo, r.time,
                         count(*) OVER ()::int AS total
        FROM statement r ${where}
        ORDER BY r.time DESC, r.src DESC, r.seq DESC LIMIT ${input.size} OFFSET ${(input.page - 1) * input.size}`,
  );
  if (rows.length > 0) return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0]!.total };
  if (input.page === 1) return { rows: [], total: 0 };
  const [count] = await queryRows<{ n: number }>(
    tx,
    sql`${events} SELECT count(*)::int AS n FROM statement r ${where}`,
  );
  return { rows: [], total: count?.n ?? 0 };
}

export type Balance = Pick<typeof ledgerAccounts.$inferSelect, 'currency' | 'available' | 'held'>;

export async function listBalances(tx: Tx, userId: bigint): Promise<Balance[]> {
  return queryRows<Balance>(tx, sql`SELECT currency, available, held FROM ledger_accounts WHERE user_id = ${userId}`);
}
