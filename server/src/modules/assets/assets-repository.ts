/**
 * Reads the user's order rows for the six asset calls of spec §7, filtered to one market's
 * currency. getUserinfo reads the very same functions, so the side panel's figures and the lists
 * can never disagree.
 */
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Currency } from 'shared/money';
import type { Tx } from '../../db/database';
import { queryRows } from '../../db/query';
import {
  copyTradeOrders,
  creditOrders,
  ledgerAccounts,
  ledgerHolds,
  loans,
  messages,
  newShareOrders,
  positions,
  withdrawals,
} from '../../db/schema';

/** One currency, or several (the whole-account summary reads every currency in one query per list). */
export type Currencies = Currency | readonly Currency[];

const byUserAndCurrency = (table: { userId: PgColumn; currency: PgColumn }, userId: bigint, currency: Currencies) =>
  and(
    eq(table.userId, userId),
    typeof currency === 'string' ? eq(table.currency, currency) : inArray(table.currency, [...currency]),
  );

export function listNewShareOrders(tx: Tx, userId: bigint, currency: Currencies) {
  return tx
    .select()
    .from(newShareOrders)
    .where(byUserAndCurrency(newShareOrders, userId, currency))
    .orderBy(desc(newShareOrders.id));
}

export function listWithdrawals(tx: Tx, userId: bigint, currency: Currencies) {
  return tx
    .select()
    .from(withdrawals)
    .where(byUserAndCurrency(withdrawals, userId, currency))
    .orderBy(desc(withdrawals.id));
}

export function listCopyTradeOrders(tx: Tx, userId: bigint, currency: Currencies) {
  return tx
    .select()
    .from(copyTradeOrders)
    .where(byUserAndCurrency(copyTradeOrders, userId, currency))
    .orderBy(desc(copyTradeOrders.id));
}

export function listCreditOrders(tx: Tx, userId: bigint, currency: Currencies) {
  return tx
    .select()
    .from(creditOrders)
    .where(byUserAndCurrency(creditOrders, userId, currency))
    .orderBy(desc(creditOrders.id));
}

/** Positions in one of the given statuses (0 holding for the holdings list, 2 closed for history). */
export function listPositions(tx: Tx, userId: bigint, currency: Currencies, status: number | readonly number[]) {
  const byStatus = typeof status === 'number' ? eq(positions.status, status) : inArray(positions.status, [...status]);
  return tx
    .select()
    .from(positions)
    .where(and(byUserAndCurrency(positions, userId, currency), byStatus))
    .orderBy(desc(positions.id));
}

/** Position status of a limit order waiting for its price (0006_trading.sql). */
const STATUS_PENDING_ORDER = 3;

/**
 * Money held by the user's pending orders in one currency: pending limit orders (position status 3)
 * and block-trade applications waiting for review (0011_block_trades.sql, status 0), the sum of their
 * still-pending ledger holds (margin plus the fee due at the fill; a block's cost), as a decimal string.
 * An approved block becomes a holding whose cost is the same money (docs/decisions/0017). A live
 * day-trading application's participation hold counts here too (0013, docs/decisions/0019).
 */
export async function pendingOrdersHeld(tx: Tx, userId: bigint, currency: Currency): Promise<string> {
  return (await pendingOrdersHeldByCurrency(tx, userId)).get(currency) ?? '0';
}

/** Outstanding credit-loan debt (approved loans less repayments), as a decimal string. */
export async function totalDebt(tx: Tx, userId: bigint, currency: Currency): Promise<string> {
  const rows = await tx
    .select({ debt: sql<string>`coalesce(sum(${loans.amount} - ${loans.repaid}), 0)::text` })
    .from(loans)
    .where(and(eq(loans.userId, userId), eq(loans.currency, currency), eq(loans.status, 1)));
  return rows[0]?.debt ?? '0';
}

/** The user's ledger balances in every currency they have an account in. */
export function listUserBalances(tx: Tx, userId: bigint) {
  return tx
    .select({ currency: ledgerAccounts.currency, available: ledgerAccounts.available, held: ledgerAccounts.held })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.userId, userId));
}

/** pendingOrdersHeld for every currency at once: currency → decimal string (absent: nothing held). */
export async function pendingOrdersHeldByCurrency(tx: Tx, userId: bigint): Promise<Map<Currency, string>> {
  const rows = await queryRows<{ currency: Currency; held: string }>(
    tx,
    sql`SELECT o.currency, sum(o.amount)::text AS held FROM (
          SELECT p.currency, h.amount FROM ${positions} p JOIN ${ledgerHolds} h ON h.id = p.hold_id
          WHERE p.user_id = ${userId} AND p.status = ${STATUS_PENDING_ORDER} AND h.status = 'pending'
          UNION ALL
          SELECT b.currency, h.amount FROM block_applications b JOIN ${ledgerHolds} h ON h.id = b.hold_id
          WHERE b.user_id = ${userId} AND b.status = 0 AND h.status = 'pending'
          UNION ALL
          SELECT d.currency, h.amount FROM day_trades d JOIN ${ledgerHolds} h ON h.id = d.hold_id
          WHERE d.user_id = ${userId} AND h.status = 'pending') o
        GROUP BY o.currency`,
  );
  return new Map(rows.map((row) => [row.currency, row.held]));
}

/** totalDebt for every currency at once: currency → decimal string (absent: no debt). */
export async function debtByCurrency(tx: Tx, userId: bigint): Promise<Map<Currency, string>> {
  const rows = await tx
    .select({ currency: loans.currency, debt: sql<string>`sum(${loans.amount} - ${loans.repaid})::text` })
    .from(loans)
    .where(and(eq(loans.userId, userId), eq(loans.status, 1)))
    .groupBy(loans.currency);
  return new Map(rows.map((row) => [row.currency as Currency, row.debt]));
}

export async function countUnreadMessages(tx: Tx, userId: bigint): Promise<number> {
  const rows = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(messages)
    .where(and(eq(messages.userId, userId), isNull(messages.readAt)));
  return rows[0]?.n ?? 0;
}

export type NewShareOrderRow = typeof newShareOrders.$inferSelect;
export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type CopyTradeOrderRow = typeof copyTradeOrders.$inferSelect;
export type CreditOrderRow = typeof creditOrders.$inferSelect;
export type { PositionRow } from '../trade/trade-repository';
