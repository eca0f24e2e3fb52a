/**
 * The portfolio view's reads (docs/decisions/0025-portfolio-view.md): one query per series, never one
 * per day or per position. The user's ledger entries summed per currency per local day of the
 * currency's home market (JPY Tokyo, USD New York, CNY Shanghai), and the positions that were open at
 * some point of the window.
 */
import { sql } from 'drizzle-orm';
import type { Currency } from 'shared/money';
import type { Tx } from '../../db/database';
import { queryRows } from '../../db/query';
import type { MarketId } from '../market/calendar';
import { STATUS } from '../trade/trade-repository';

export interface LedgerDay {
  currency: Currency;
  /** Local date (YYYY-MM-DD) of the currency's home market; days before `floor` are summed into `floor`. */
  day: string;
  /** Signed sum of the day's entries (available + held move together: a hold never changes it). */
  amount: string;
}

/**
 * The user's journal entries summed per currency and local day (entries of every account the user owns;
 * available + held = the sum of the account's entries, holds only move money between the two).
 * Entries before `floor` (YYYY-MM-DD) are summed into the `floor` row, so the answer has at most one row
 * per currency per day of the window.
 */
export async function ledgerDays(tx: Tx, userId: bigint, floor: string): Promise<LedgerDay[]> {
  return queryRows<LedgerDay>(
    tx,
    sql`SELECT currency, to_char(greatest(local_day, ${floor}::date), 'YYYY-MM-DD') AS day, sum(amount)::text AS amount
        FROM (
          SELECT e.currency, e.amount,
                 (e.created_at AT TIME ZONE CASE e.currency WHEN 'JPY' THEN 'Asia/Tokyo'
                   WHEN 'USD' THEN 'America/New_York' ELSE 'Asia/Shanghai' END)::date AS local_day
          FROM journal_entries e JOIN ledger_accounts a ON a.id = e.account_id
          WHERE a.user_id = ${userId} AND e.currency IN ('JPY', 'USD', 'CNY')
        ) AS entries
        GROUP BY currency, 2
        ORDER BY currency, 2`,
  );
}

/**
 * House accounts whose postings to a user are cash flows, not performance (issue 35): money from or to outside
 * ('bank': deposits, withdrawals), operators' credits and corrections, loans (principal out and repaid) and the
 * exchange desk (money moved between the user's currencies). Fees, P&L, interest, dividends and lending fees
 * stay performance.
 */
export const FLOW_HOUSES = ['bank', 'corrections', 'loans', 'fx'] as const;

/**
 * The user's cash flows summed per currency and local day from `floor` (YYYY-MM-DD) on: in each journal
 * transaction that posts to one of the user's accounts, minus what it posts to a FLOW_HOUSES account in that
 * currency (a deposit of 100 is bank −100: a flow of +100; a loan repaid is loans +principal: −principal, its
 * interest is a cost). Days before `floor` are left out (they are part of the starting equity).
 */
export async function flowDays(tx: Tx, userId: bigint, floor: string): Promise<LedgerDay[]> {
  return queryRows<LedgerDay>(
    tx,
    sql`SELECT currency, to_char(local_day, 'YYYY-MM-DD') AS day, (-sum(amount))::text AS amount
        FROM (
          SELECT h.currency, h.amount,
                 (h.created_at AT TIME ZONE CASE h.currency WHEN 'JPY' THEN 'Asia/Tokyo'
                   WHEN 'USD' THEN 'America/New_York' ELSE 'Asia/Shanghai' END)::date AS local_day
          FROM journal_entries h JOIN ledger_accounts ha ON ha.id = h.account_id
          WHERE ha.user_id IS NULL AND ha.house_name IN ('bank', 'corrections', 'loans', 'fx')
            AND h.currency IN ('JPY', 'USD', 'CNY')
            AND h.transaction_id IN (
              SELECT e.transaction_id FROM journal_entries e JOIN ledger_accounts a ON a.id = e.account_id
              WHERE a.user_id = ${userId} AND e.currency = h.currency)
        ) AS flows
        WHERE local_day >= ${floor}::date
        GROUP BY currency, local_day
        ORDER BY currency, local_day`,
  );
}

export interface PortfolioPosition {
  market: MarketId;
  currency: Currency;
  code: string;
  direction: 'long' | 'short';
  stockNum: string;
  buyPrice: string;
  fee: string;
  closeFee: string | null;
  realisedPnl: string | null;
  status: number;
  openedAt: Date;
  closedAt: Date | null;
}

/** The user's filled positions still open at `since` or opened after it (closed ones with their result). */
export async function positionsSince(tx: Tx, userId: bigint, since: Date): Promise<PortfolioPosition[]> {
  const rows = await queryRows<
    Omit<PortfolioPosition, 'openedAt' | 'closedAt'> & { openedAt: string | Date; closedAt: string | Date | null }
  >(
    tx,
    sql`SELECT market, currency, code, direction, stock_num::text AS "stockNum", buy_price::text AS "buyPrice",
               fee::text AS fee, close_fee::text AS "closeFee", realised_pnl::text AS "realisedPnl", status,
               opened_at AS "openedAt", closed_at AS "closedAt"
        FROM positions
        WHERE user_id = ${userId} AND opened_at IS NOT NULL
          AND status IN (${STATUS.holding}, ${STATUS.closing}, ${STATUS.closed})
          AND (closed_at IS NULL OR closed_at >= ${since.toISOString()}::timestamptz)
        ORDER BY id`,
  );
  return rows.map((r) => ({
    ...r,
    status: Number(r.status),
    openedAt: new Date(r.openedAt),
    closedAt: r.closedAt === null ? null : new Date(r.closedAt),
  }));
}
