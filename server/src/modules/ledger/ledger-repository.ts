/**
 * The ledger (docs/decisions/0004-money-and-ledger.md). Money moves only as balanced journal
 * transactions and holds; the database triggers keep `available`/`held` in step and refuse
 * overdrafts, so these functions translate a refused overdraft into `insufficient_balance`.
 * Every function takes the caller's transaction: the ledger change commits with the business change.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { Decimal, MINOR_UNITS, type Currency } from 'shared/money';
import type { Tx } from '../../db/database';
import { PG_CHECK_VIOLATION, pgConstraint, pgErrorCode } from '../../db/errors';
import { queryRows } from '../../db/query';
import { idempotencyKeys, journalEntries, journalTransactions, ledgerAccounts, ledgerHolds } from '../../db/schema';
import { BusinessError } from '../../errors';

/** The currencies every user gets an account in at registration (one per market). */
export const MARKET_CURRENCIES: readonly Currency[] = ['JPY', 'USD', 'CNY'];

/**
 * House accounts (counterparties): 'bank' is money outside (deposits in, withdrawals out), 'revenue'
 * the spread and fees, 'fx' the exchange desk, 'loans' the lender of credit loans, 'corrections'
 * the counterparty of operators' labelled corrections (0003_money.sql); 'trading' the counterparty of
 * realised P&L, 'protection' the payer of losses beyond a user's money, 'fee_revenue_0..15' trading
 * fee revenue in 16 shards (0006_trading.sql); 'copy_trading' the counterparty of copy-trading profit
 * and loss at redemption (0012_copy_trading.sql); 'stock_lending' the lender of borrowed shares and
 * 'lending_fees' the payer and receiver of lending and borrowing fees (0017_securities_lending.sql).
 */
export type HouseAccount =
  | 'bank'
  | 'revenue'
  | 'fx'
  | 'loans'
  | 'loan_interest'
  | 'corrections'
  | 'trading'
  | 'protection'
  | 'copy_trading'
  | 'stock_lending'
  | 'lending_fees'
  | `fee_revenue_${number}`;

export async function openUserAccounts(
  tx: Tx,
  userId: bigint,
  currencies: readonly Currency[] = MARKET_CURRENCIES,
): Promise<void> {
  await tx
    .insert(ledgerAccounts)
    .values(currencies.map((currency) => ({ userId, currency })))
    .onConflictDoNothing();
}

export interface Balance {
  accountId: bigint | undefined;
  available: string;
  held: string;
}

export async function getUserBalance(tx: Tx, userId: bigint, currency: Currency): Promise<Balance> {
  const rows = await tx
    .select({ id: ledgerAccounts.id, available: ledgerAccounts.available, held: ledgerAccounts.held })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.currency, currency)))
    .limit(1);
  const row = rows[0];
  return row
    ? { accountId: row.id, available: row.available, held: row.held }
    : { accountId: undefined, available: '0', held: '0' };
}

export async function getUserAccountId(tx: Tx, userId: bigint, currency: Currency): Promise<bigint> {
  await openUserAccounts(tx, userId, [currency]);
  const balance = await getUserBalance(tx, userId, currency);
  return balance.accountId!;
}

export async function getHouseAccountId(tx: Tx, name: HouseAccount, currency: Currency): Promise<bigint> {
  const rows = await tx
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(
      and(isNull(ledgerAccounts.userId), eq(ledgerAccounts.houseName, name), eq(ledgerAccounts.currency, currency)),
    )
    .limit(1);
  if (!rows[0]) throw new Error(`house account ${name} ${currency} is missing`);
  return rows[0].id;
}

export interface LockedAccount {
  id: bigint;
  currency: Currency;
  available: string;
  held: string;
}

/**
 * Opens (if needed) and locks the user's ledger accounts, SELECT … ORDER BY id FOR UPDATE: every
 * money call of a user takes this lock first, so a user's money calls run one after the other on
 * PostgreSQL (rules such as "one pending withdrawal" are read after the previous call committed),
 * and user rows are always locked before house rows (no lock-order deadlock).
 */
export async function lockUserAccounts(
  tx: Tx,
  userId: bigint,
  currencies: readonly Currency[] = MARKET_CURRENCIES,
): Promise<Map<Currency, LockedAccount>> {
  await openUserAccounts(tx, userId, currencies);
  const rows = await queryRows<{ id: bigint; currency: Currency; available: string; held: string }>(
    tx,
    sql`SELECT id, currency, available, held FROM ledger_accounts WHERE user_id = ${userId} ORDER BY id FOR UPDATE`,
  );
  return new Map(
    rows.map((row) => [
      row.currency,
      { id: BigInt(row.id), currency: row.currency, available: row.available, held: row.held },
    ]),
  );
}

/** Refuses amounts finer than the currency's minor unit: rounding is the caller's explicit choice. */
export function checkMinorUnits(amount: Decimal, currency: Currency): void {
  if (amount.decimalPlaces() > MINOR_UNITS[currency]) throw new BusinessError('amount_invalid');
}

/** Runs fn, turning the balance CHECK constraints into the business refusal. */
async function refuseOverdraft<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (pgErrorCode(error) === PG_CHECK_VIOLATION) throw new BusinessError('insufficient_balance');
    throw error;
  }
}

/**
 * Like refuseOverdraft for a statement that writes more than ledger rows (one-statement money
 * calls): only a balance CHECK of ledger_accounts (or one the driver does not name) is the refusal.
 */
export async function refuseAccountOverdraft<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    const constraint = pgConstraint(error);
    if (
      pgErrorCode(error) === PG_CHECK_VIOLATION &&
      (constraint === undefined || constraint.startsWith('ledger_accounts_'))
    )
      throw new BusinessError('insufficient_balance');
    throw error;
  }
}

export interface Posting {
  accountId: bigint;
  currency: Currency;
  /** Signed decimal string: positive credits the account, negative debits it. */
  amount: string;
}

export interface JournalInput {
  kind: string;
  reference?: string;
  memo?: string;
  entries: readonly Posting[];
  /** Booking time from the app clock (config.now); the column's DEFAULT now() when absent. */
  at?: Date;
}

/** Books one balanced transaction; answers its id. */
export async function postTransaction(tx: Tx, input: JournalInput): Promise<bigint> {
  const sums = new Map<Currency, Decimal>();
  for (const entry of input.entries) {
    const amount = new Decimal(entry.amount);
    if (amount.isZero()) throw new Error('a journal entry cannot be zero');
    checkMinorUnits(amount, entry.currency);
    sums.set(entry.currency, (sums.get(entry.currency) ?? new Decimal(0)).plus(amount));
  }
  // The database checks balance at commit too; failing here names the bug earlier.
  for (const [currency, sum] of sums)
    if (!sum.isZero()) throw new Error(`journal ${input.kind} is unbalanced in ${currency}`);
  // Entries in account-id order: each entry's trigger locks its account row, so every transaction
  // takes house-account locks in one global order and two postings cannot deadlock on them.
  const ordered = [...input.entries].sort((a, b) =>
    a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : 0,
  );
  const [header] = await tx
    .insert(journalTransactions)
    .values({ kind: input.kind, reference: input.reference, memo: input.memo, createdAt: input.at })
    .returning({ id: journalTransactions.id });
  await refuseOverdraft(() =>
    tx.insert(journalEntries).values(
      ordered.map((entry) => ({
        transactionId: header!.id,
        accountId: entry.accountId,
        currency: entry.currency,
        amount: entry.amount,
        createdAt: input.at,
      })),
    ),
  );
  return header!.id;
}

/** Freezes money: available → held. Answers the hold id; refuses with insufficient_balance. */
export async function placeHold(
  tx: Tx,
  hold: {
    accountId: bigint;
    currency: Currency;
    amount: string;
    reason: string;
    reference?: string;
    /** App clock; DEFAULT now() when absent. */ at?: Date;
  },
): Promise<bigint> {
  const amount = new Decimal(hold.amount);
  if (!amount.isPositive() || amount.isZero()) throw new BusinessError('amount_invalid');
  checkMinorUnits(amount, hold.currency);
  const rows = await refuseOverdraft(() =>
    tx
      .insert(ledgerHolds)
      .values({
        accountId: hold.accountId,
        amount: hold.amount,
        reason: hold.reason,
        reference: hold.reference,
        createdAt: hold.at,
      })
      .returning({ id: ledgerHolds.id }),
  );
  return rows[0]!.id;
}

/** A resolution time: the app clock's when given, else the database's now(). */
const resolvedAt = (at: Date | undefined) => sql`coalesce(${at ? at.toISOString() : null}::timestamptz, now())`;

/** Releases a pending hold back to available. False when it was already resolved (exactly once). */
export async function voidHold(tx: Tx, holdId: bigint, at?: Date): Promise<boolean> {
  const rows = await queryRows<{ id: bigint }>(
    tx,
    sql`UPDATE ledger_holds SET status = 'voided', resolved_at = ${resolvedAt(at)}
        WHERE id = ${holdId} AND status = 'pending' RETURNING id`,
  );
  return rows.length === 1;
}

/**
 * Settles a pending hold: the money leaves the user's account for `counterAccountId` in one
 * journal transaction. False when the hold was already resolved (a second approver loses).
 */
export async function postHold(
  tx: Tx,
  holdId: bigint,
  counter: { accountId: bigint; kind: string; reference?: string; /** App clock; now() when absent. */ at?: Date },
): Promise<boolean> {
  const rows = await queryRows<{ account_id: bigint; amount: string; currency: Currency }>(
    tx,
    sql`UPDATE ledger_holds AS h SET status = 'posted', resolved_at = ${resolvedAt(counter.at)}
        FROM ledger_accounts AS a
        WHERE h.id = ${holdId} AND h.status = 'pending' AND a.id = h.account_id
        RETURNING h.account_id, h.amount, a.currency`,
  );
  const hold = rows[0];
  if (!hold) return false;
  await postTransaction(tx, {
    kind: counter.kind,
    reference: counter.reference,
    at: counter.at,
    entries: [
      {
        accountId: BigInt(hold.account_id),
        currency: hold.currency,
        amount: new Decimal(hold.amount).negated().toFixed(),
      },
      { accountId: counter.accountId, currency: hold.currency, amount: new Decimal(hold.amount).toFixed() },
    ],
  });
  return true;
}

export type IdempotencyClaim =
  { claimed: true; id: bigint } | { claimed: false; sameRequest: boolean; response: unknown };

/**
 * Claims an Idempotency-Key inside the money transaction. The unique constraint makes a retry
 * (even a concurrent one) find the first claim and replay its stored answer instead of moving
 * money twice.
 */
export async function claimIdempotencyKey(
  tx: Tx,
  claim: { userId: bigint; key: string; endpoint: string; requestHash: string },
): Promise<IdempotencyClaim> {
  const inserted = await tx
    .insert(idempotencyKeys)
    .values(claim)
    .onConflictDoNothing()
    .returning({ id: idempotencyKeys.id });
  if (inserted[0]) return { claimed: true, id: inserted[0].id };
  const rows = await tx
    .select({
      endpoint: idempotencyKeys.endpoint,
      requestHash: idempotencyKeys.requestHash,
      response: idempotencyKeys.response,
    })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key)))
    .limit(1);
  const first = rows[0]!;
  return {
    claimed: false,
    sameRequest: first.endpoint === claim.endpoint && first.requestHash === claim.requestHash,
    response: first.response,
  };
}

export async function saveIdempotentResponse(tx: Tx, id: bigint, response: unknown): Promise<void> {
  await tx.update(idempotencyKeys).set({ response }).where(eq(idempotencyKeys.id, id));
}
