/**
 * Fund records (/mine/transactionRecords) and balances, read from the ledger only:
 * - every journal entry of the user's accounts, typed by its transaction's kind, with its order
 *   number (the transaction's reference) and memo (a correction's reason);
 * - every hold that took money out of `available` and is not yet posted (withdrawal_hold, or
 *   margin for other reasons), and its release when voided (withdrawal_release / margin_release).
 *   A posted hold shows as its journal entry instead (e.g. `withdrawal`), so it is never counted
 *   twice.
 * Hence, per currency, the records sum to the available balance.
 */
import { sql } from 'drizzle-orm';
import { FUND_RECORD_TYPES } from 'shared/contract';
import { CURRENCIES, Decimal, type Currency } from 'shared/money';
import type { Database } from '../../db/database';
import { queryRows } from '../../db/query';

type FundRecordType = (typeof FUND_RECORD_TYPES)[number];

/** Journal kinds outside the record types (none today) show as `trade`, never hidden. */
const KNOWN_KINDS = sql.raw(FUND_RECORD_TYPES.map((t) => `'${t}'`).join(', '));

export function createRecordsService(db: Database) {
  return {
    async records(userId: bigint, input: { page: number; size: number; type?: FundRecordType; currency?: Currency }) {
      return db.tx(
        async (tx) => {
          const all = sql`
          SELECT 1 AS src, e.id AS seq, CASE WHEN t.kind IN (${KNOWN_KINDS}) THEN t.kind ELSE 'trade' END AS type,
                 coalesce(t.reference, '') AS order_no, e.currency, e.amount, t.memo, e.created_at AS time
          FROM journal_entries e
          JOIN ledger_accounts a ON a.id = e.account_id
          JOIN journal_transactions t ON t.id = e.transaction_id
          WHERE a.user_id = ${userId}
          UNION ALL
          SELECT 2, h.id, CASE WHEN h.reason = 'withdrawal' THEN 'withdrawal_hold' ELSE 'margin' END,
                 coalesce(h.reference, ''), a.currency, -h.amount, NULL, h.created_at
          FROM ledger_holds h JOIN ledger_accounts a ON a.id = h.account_id
          WHERE a.user_id = ${userId} AND h.status <> 'posted'
          UNION ALL
          SELECT 3, h.id, CASE WHEN h.reason = 'withdrawal' THEN 'withdrawal_release' ELSE 'margin_release' END,
                 coalesce(h.reference, ''), a.currency, h.amount, NULL, h.resolved_at
          FROM ledger_holds h JOIN ledger_accounts a ON a.id = h.account_id
          WHERE a.user_id = ${userId} AND h.status = 'voided'`;
          const where = sql`WHERE (${input.type ?? null}::text IS NULL OR r.type = ${input.type ?? null}::text)
                            AND (${input.currency ?? null}::text IS NULL OR r.currency = ${input.currency ?? null}::text)`;
          const rows = await queryRows<{
            src: number;
            seq: bigint;
            type: FundRecordType;
            order_no: string;
            currency: Currency;
            amount: string;
            memo: string | null;
            time: Date;
          }>(
            tx,
            sql`SELECT * FROM (${all}) r ${where} ORDER BY r.time DESC, r.src DESC, r.seq DESC LIMIT ${input.size} OFFSET ${(input.page - 1) * input.size}`,
          );
          const [count] = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM (${all}) r ${where}`);
          return {
            list: rows.map((r) => ({
              id: `${['e', 'h', 'v'][r.src - 1]}${r.seq}`,
              type: r.type,
              order_no: r.order_no,
              currency: r.currency,
              amount: new Decimal(r.amount).toFixed(),
              memo: r.memo,
              time: new Date(r.time).toISOString(),
            })),
            total: count?.n ?? 0,
          };
        },
        { readOnly: true },
      );
    },

    /** Available and frozen (held by the ledger) in every currency, zeros where no account exists. */
    async balances(userId: bigint) {
      return db.tx(
        async (tx) => {
          const rows = await queryRows<{ currency: Currency; available: string; held: string }>(
            tx,
            sql`SELECT currency, available, held FROM ledger_accounts WHERE user_id = ${userId}`,
          );
          const byCurrency = new Map(rows.map((r) => [r.currency, r]));
          return CURRENCIES.map((currency) => ({
            currency,
            available: new Decimal(byCurrency.get(currency)?.available ?? 0).toFixed(),
            frozen: new Decimal(byCurrency.get(currency)?.held ?? 0).toFixed(),
          }));
        },
        { readOnly: true },
      );
    },
  };
}

export type RecordsService = ReturnType<typeof createRecordsService>;
