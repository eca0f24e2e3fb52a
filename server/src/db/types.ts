/**
 * The database's shared types, imported by `database.ts` (the entry point, which re-exports them)
 * and by both backends (`pglite.ts`, `postgres.ts`), so neither backend imports the entry point.
 */
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import type { PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

export type Schema = typeof schema;
/** A transaction handle, the only way repositories reach the database. */
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

/** Raw access for the migrator: multi-statement scripts need the drivers' simple-query paths. */
export interface RawSession {
  /** Runs a script of one or more statements without parameters. */
  exec(script: string): Promise<void>;
  /** Runs one parameterised statement. */
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>;
}

export interface TxOptions {
  readOnly?: boolean;
}

/** Drizzle's transaction config for TxOptions. */
export function txConfig(options?: TxOptions) {
  return options?.readOnly ? ({ isolationLevel: 'repeatable read', accessMode: 'read only' } as const) : undefined;
}

export type Backend = 'pglite' | 'postgres';

export interface Database {
  readonly backend: Backend;
  /**
   * Runs fn in one transaction: committed when fn resolves, rolled back when it throws. readOnly
   * runs it as REPEATABLE READ READ ONLY, so a page of figures comes from one consistent snapshot.
   */
  tx<T>(fn: (tx: Tx) => Promise<T>, options?: TxOptions): Promise<T>;
  /**
   * Runs ONE statement on its own, outside any transaction block: PostgreSQL commits it by itself
   * (a statement is atomic, triggers and deferred constraints included), so a money call written as
   * one data-modifying statement costs one round trip instead of BEGIN + statement + COMMIT. On
   * PGlite it queues on the same FIFO lock as `tx`. Never call it inside `tx` (PGlite deadlocks).
   */
  statement<Row>(query: SQL): Promise<Row[]>;
  /** Runs fn in one transaction on the raw driver (migrations, maintenance). */
  rawTx<T>(fn: (session: RawSession) => Promise<T>): Promise<T>;
  /**
   * How many transactions and statements that may write this process has finished (readOnly ones do not count).
   * Only where this process is the database's only writer (PGlite: one session behind a lock file): a reader that
   * saw nothing to do may skip asking again until the count moves. Undefined on PostgreSQL (other instances write).
   */
  readonly writes?: () => number;
  /** Flushes and closes; safe to call twice. */
  close(): Promise<void>;
}
