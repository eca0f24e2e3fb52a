/**
 * Tries at a secret, claimed before the secret is checked (issue 33 point 4; 0026_secret_tries.sql): one row per
 * user and secret holds the instants of the tries still inside the window. A claim locks that row (INSERT … ON
 * CONFLICT DO NOTHING, then SELECT … FOR UPDATE), drops the tries that left the window and adds one only while
 * fewer than the limit remain. Run in its own short transaction, committed before the check, it lets at most `max`
 * checks through per window however many requests arrive at once, on however many instances; a request that finds
 * no try left is refused before any hash. Used by the fund password (FundPasswordGuard) and by the second-factor
 * codes (second-factor-service.ts, inside the check's own transaction).
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { queryRows } from '../../db/query';

export type SecretKind = 'fund_password' | 'second_factor_code';

export interface TryRule {
  /** Tries allowed inside the window. */
  max: number;
  windowMs: number;
}

/** A claimed try (its instant, to hand it back), or the end of the lock: when the oldest counted try leaves. */
export type TryClaim = { claimed: true; at: number } | { claimed: false; until: Date };

async function lockTries(tx: Tx, userId: bigint, secret: SecretKind): Promise<number[]> {
  await tx.execute(
    sql`INSERT INTO secret_tries (user_id, secret) VALUES (${userId}, ${secret}) ON CONFLICT DO NOTHING`,
  );
  const [row] = await queryRows<{ tried: number[] }>(
    tx,
    sql`SELECT tried FROM secret_tries WHERE user_id = ${userId} AND secret = ${secret} FOR UPDATE`,
  );
  return row!.tried;
}

async function writeTries(tx: Tx, userId: bigint, secret: SecretKind, tried: number[]): Promise<void> {
  await tx.execute(
    sql`UPDATE secret_tries SET tried = ${JSON.stringify(tried)}::jsonb
        WHERE user_id = ${userId} AND secret = ${secret}`,
  );
}

/** Claims one try at `now` (epoch ms), or answers until when the user has none left. */
export async function claimTry(
  tx: Tx,
  userId: bigint,
  secret: SecretKind,
  rule: TryRule,
  now: number,
): Promise<TryClaim> {
  const since = now - rule.windowMs;
  const recent = (await lockTries(tx, userId, secret)).filter((at) => at > since).sort((a, b) => a - b);
  if (recent.length >= rule.max) {
    await writeTries(tx, userId, secret, recent);
    return { claimed: false, until: new Date(recent[recent.length - rule.max]! + rule.windowMs) };
  }
  recent.push(now);
  await writeTries(tx, userId, secret, recent);
  return { claimed: true, at: now };
}

/** Hands back a claimed try that checked nothing (one try of that instant). */
export async function handBackTry(tx: Tx, userId: bigint, secret: SecretKind, at: number): Promise<void> {
  const tried = await lockTries(tx, userId, secret);
  const index = tried.indexOf(at);
  if (index < 0) return;
  tried.splice(index, 1);
  await writeTries(tx, userId, secret, tried);
}

/** Forgets every try of the user at the secret (a right fund password clears its count). */
export async function clearTries(tx: Tx, userId: bigint, secret: SecretKind): Promise<void> {
  await tx.execute(sql`DELETE FROM secret_tries WHERE user_id = ${userId} AND secret = ${secret}`);
}
