/**
 * Rules the money calls share (the funds side calls these inside its transaction):
 * - assertCanMoveMoney: frozen accounts move nothing (account_frozen); deposits and withdrawals need
 *   verified identity (realname_required) and, when asked, a bound card (bank_card_required).
 * - verifyFundPassword: fund_password_not_set / fund_password_wrong, with a throttle: after 5 wrong
 *   fund passwords in 15 minutes every attempt answers too_frequent until the window passes. The
 *   throttle is in memory per process (like the login limits): a failure written to the database
 *   inside the refused transaction would roll back with it.
 * - getCard: the user's own card, or card_not_found (another user's card answers the same).
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { queryRows } from '../../db/query';
import { BusinessError } from '../../errors';
import { createPasswordHasher, type PasswordHasher } from '../../security/password';

export interface MoneyUser {
  userId: bigint;
  account: string;
  realnameName: string | null;
}

export async function assertCanMoveMoney(
  tx: Tx,
  userId: bigint,
  options: { needCard?: boolean } = {},
): Promise<MoneyUser> {
  const rows = await queryRows<{
    account: string;
    frozen: boolean;
    banned: boolean;
    realname_status: string;
    realname_name: string | null;
    cards: number;
  }>(
    tx,
    sql`SELECT u.account, u.frozen, u.banned, u.realname_status, u.realname_name,
               (SELECT count(*)::int FROM bank_cards c WHERE c.user_id = u.id) AS cards
        FROM users u WHERE u.id = ${userId}`,
  );
  const user = rows[0];
  if (!user) throw new BusinessError('account_not_found');
  if (user.banned) throw new BusinessError('account_banned');
  if (user.frozen) throw new BusinessError('account_frozen');
  if (user.realname_status !== 'verified') throw new BusinessError('realname_required');
  if (options.needCard && user.cards === 0) throw new BusinessError('bank_card_required');
  return { userId, account: user.account, realnameName: user.realname_name };
}

// ---- fund password ----------------------------------------------------------------------------

export const FUND_PASSWORD_THROTTLE = { maxFailures: 5, windowMs: 15 * 60_000 };
const failures = new Map<string, number[]>();
// Verification reads the cost from each stored hash, so this hasher's own cost never matters.
let verifier: PasswordHasher = createPasswordHasher();

/** Lets the app share its hasher (and its concurrency cap); tests may also clear the throttle. */
export function configureFundPasswords(options: { hasher?: PasswordHasher; now?: () => number } = {}): void {
  if (options.hasher) verifier = options.hasher;
  if (options.now) now = options.now;
  failures.clear();
}
let now: () => number = Date.now;

function recentFailures(key: string): number[] {
  const since = now() - FUND_PASSWORD_THROTTLE.windowMs;
  const recent = (failures.get(key) ?? []).filter((at) => at > since);
  if (recent.length) failures.set(key, recent);
  else failures.delete(key);
  return recent;
}

/** Throws too_frequent while the user has 5 wrong fund passwords in the last 15 minutes. */
export function assertFundPasswordNotThrottled(userId: bigint): void {
  if (recentFailures(String(userId)).length >= FUND_PASSWORD_THROTTLE.maxFailures)
    throw new BusinessError('too_frequent');
}

export async function verifyFundPassword(tx: Tx, userId: bigint, password: string): Promise<void> {
  const key = String(userId);
  assertFundPasswordNotThrottled(userId);
  const rows = await queryRows<{ fund_password_hash: string | null }>(
    tx,
    sql`SELECT fund_password_hash FROM users WHERE id = ${userId}`,
  );
  const stored = rows[0]?.fund_password_hash;
  if (!stored) throw new BusinessError('fund_password_not_set');
  if (!password || !(await verifier.verify(password, stored))) {
    failures.set(key, [...recentFailures(key), now()]);
    throw new BusinessError('fund_password_wrong', { field: 'fund_password' });
  }
  failures.delete(key);
}

// ---- bank cards -------------------------------------------------------------------------------

export interface BankCardRow {
  id: number;
  userId: bigint;
  holderName: string;
  cardNumber: string;
  cardType: 'ordinary' | 'checking';
  bankName: string;
  branchName: string;
  branchCode: string;
  createdAt: Date;
}

/** "1234567890" → "******7890": only the last four digits are ever answered. */
export function maskCardNumber(cardNumber: string): string {
  return `${'*'.repeat(Math.max(cardNumber.length - 4, 0))}${cardNumber.slice(-4)}`;
}

interface CardDbRow {
  id: bigint;
  user_id: bigint;
  holder_name: string;
  card_number: string;
  card_type: 'ordinary' | 'checking';
  bank_name: string;
  branch_name: string;
  branch_code: string;
  created_at: Date;
}

function toCard(r: CardDbRow): BankCardRow {
  return {
    id: Number(r.id),
    userId: BigInt(r.user_id),
    holderName: r.holder_name,
    cardNumber: r.card_number,
    cardType: r.card_type,
    bankName: r.bank_name,
    branchName: r.branch_name,
    branchCode: r.branch_code,
    createdAt: new Date(r.created_at),
  };
}

/** The user's own card (with the full number, for a payout), or card_not_found. */
export async function getCard(tx: Tx, userId: bigint, cardId: number | bigint): Promise<BankCardRow> {
  const rows = await queryRows<CardDbRow>(
    tx,
    sql`SELECT * FROM bank_cards WHERE id = ${BigInt(cardId)} AND user_id = ${userId}`,
  );
  if (!rows[0]) throw new BusinessError('card_not_found');
  return toCard(rows[0]);
}

export async function listCards(tx: Tx, userId: bigint): Promise<BankCardRow[]> {
  return (await queryRows<CardDbRow>(tx, sql`SELECT * FROM bank_cards WHERE user_id = ${userId} ORDER BY id`)).map(
    toCard,
  );
}
