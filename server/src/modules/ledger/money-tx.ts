/**
 * The one way a money call runs: a database transaction that (1) claims the Idempotency-Key first,
 * with INSERT … ON CONFLICT DO NOTHING in the same transaction, and replays the first answer for a
 * retry, (2) runs the business change, (3) stores its answer with the key, all committed together.
 * A refused call rolls back with its key, so nothing moved and a corrected retry may run again.
 * Deadlocks and serialization failures (PostgreSQL) are retried from the start, a few times.
 */
import { createHash } from 'node:crypto';
import type { Database, Tx } from '../../db/database';
import { pgErrorCode } from '../../db/errors';
import { BusinessError } from '../../errors';
import { claimIdempotencyKey, saveIdempotentResponse } from './ledger-repository';

const RETRYABLE = new Set(['40P01', '40001']);
const ATTEMPTS = 4;

/** Runs fn in a transaction, again (from the start) when PostgreSQL aborts it for a deadlock. */
export async function moneyTx<T>(db: Database, fn: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.tx(fn);
    } catch (error) {
      if (attempt >= ATTEMPTS || !RETRYABLE.has(pgErrorCode(error) ?? '')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 * attempt + Math.floor(Math.random() * 10)));
    }
  }
}

/**
 * Runs a money call that is one statement outside a transaction block (Database.statement): it
 * commits by itself; a deadlock or serialization failure rolled it back whole, so it runs again.
 */
export async function moneyStatement<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await fn();
    } catch (error) {
      if (attempt >= ATTEMPTS || !RETRYABLE.has(pgErrorCode(error) ?? '')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 * attempt + Math.floor(Math.random() * 10)));
    }
  }
}

/** Refusals a concurrent copy of the same request can cause (it holds the secret's tries): tried again, keyed. */
const TWIN_SENSITIVE = new Set<string>(['fund_password_locked']);
const TWIN_ATTEMPTS = 3;

const KEY_FORMAT = /^[A-Za-z0-9_.:-]{8,128}$/;

/** Reads the Idempotency-Key header: undefined when absent, refused when malformed. */
export function idempotencyKeyOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const raw = headers['idempotency-key'];
  if (raw === undefined || raw === '') return undefined;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || !KEY_FORMAT.test(key))
    throw new BusinessError('field_invalid', { field: 'Idempotency-Key', values: { field: 'Idempotency-Key' } });
  return key;
}

/** Canonical JSON (sorted keys) of a payload, hashed: the same request always hashes the same. */
export function requestHash(payload: unknown): string {
  const canonical = (value: unknown): unknown => {
    if (typeof value === 'bigint') return value.toString();
    if (Array.isArray(value)) return value.map(canonical);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value as Record<string, unknown>)
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([k, v]) => [k, canonical(v)]),
      );
    }
    return value;
  };
  return createHash('sha256')
    .update(JSON.stringify(canonical(payload)))
    .digest('hex');
}

export interface IdempotentCall {
  userId: bigint;
  key: string | undefined;
  endpoint: string;
  /** What makes two requests "the same" (secrets such as the fund password left out). */
  payload: unknown;
  /**
   * The abuse limit (assertNotTooFrequent): run after the key is claimed, so a retry of an
   * answered request replays instead of being refused, and once only even if a deadlock makes
   * the transaction run again. It may answer a release, called when the call is then refused (a
   * BusinessError), so a refusal does not count against the limit.
   */
  limit?: () => Promise<void | (() => Promise<void>)>;
  /**
   * Runs once the call ended, answered or refused (after the transaction): the fund password's claimed try is
   * settled here (FundPasswordGuard.claim). A failure to settle costs the user at most one try, never the answer.
   */
  settle?: () => Promise<void>;
}

/**
 * Runs a money-moving call once per Idempotency-Key: the key is claimed first in the transaction;
 * a retry with the same payload answers the stored result, the same key with another payload is
 * refused with idempotency_conflict. Without a key the call simply runs.
 */
export async function runIdempotent<T>(db: Database, call: IdempotentCall, fn: (tx: Tx) => Promise<T>): Promise<T> {
  let limited = false;
  let release: (() => Promise<void>) | undefined;
  const limitOnce = async () => {
    if (limited || !call.limit) return;
    limited = true;
    release = (await call.limit()) ?? undefined;
  };
  try {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await runClaimed(db, call, fn, limitOnce);
      } catch (error) {
        // A copy of this very request (same key) may be in flight: its claimed fund-password try is one of those
        // that left this call none. The refusal rolled this call's key back, so the copy waiting on it now runs;
        // once it answered, this call claims the key again and replays that answer. A real lock stays a lock:
        // with no copy the key is this call's again and the same refusal comes back.
        if (
          call.key === undefined ||
          !(error instanceof BusinessError) ||
          !TWIN_SENSITIVE.has(error.key) ||
          attempt >= TWIN_ATTEMPTS
        )
          throw error;
        await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
      }
    }
  } catch (error) {
    if (error instanceof BusinessError) await release?.();
    throw error;
  } finally {
    await call.settle?.().catch(() => undefined);
  }
}

async function runClaimed<T>(
  db: Database,
  call: IdempotentCall,
  fn: (tx: Tx) => Promise<T>,
  limitOnce: () => Promise<void>,
): Promise<T> {
  return moneyTx(db, async (tx) => {
    if (call.key === undefined) {
      await limitOnce();
      return fn(tx);
    }
    const claim = await claimIdempotencyKey(tx, {
      userId: call.userId,
      key: call.key,
      endpoint: call.endpoint,
      requestHash: requestHash(call.payload),
    });
    if (!claim.claimed) {
      if (!claim.sameRequest) throw new BusinessError('idempotency_conflict');
      return claim.response as T;
    }
    await limitOnce();
    const result = await fn(tx);
    await saveIdempotentResponse(tx, claim.id, result ?? null);
    return result;
  });
}
