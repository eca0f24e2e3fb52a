/**
 * One set of type parsers for both drivers, so a query answers the same JavaScript values on PGlite
 * and on PostgreSQL: numeric stays a string (money is never a JS number), int8 is a bigint (exact),
 * timestamptz is a Date. Drizzle's own column mappers run on top of these.
 */
import pg from 'pg';

export const OID = { INT8: 20, NUMERIC: 1700, TIMESTAMPTZ: 1184 } as const;

const parseInt8 = (value: string): bigint => BigInt(value);
const keepNumeric = (value: string): string => value;
const parseTimestamptz = (value: string): Date => new Date(value);

/** Parsers option of PGlite. */
export const PGLITE_PARSERS = {
  [OID.INT8]: parseInt8,
  [OID.NUMERIC]: keepNumeric,
  [OID.TIMESTAMPTZ]: parseTimestamptz,
};

let installed = false;

/**
 * Registers the parsers on node-postgres' global registry. Global on purpose: drizzle's
 * node-postgres driver passes per-query `types` that fall back to the global registry, so a
 * pool-level `types` option would be ignored for drizzle queries.
 */
export function installPgTypeParsers(): void {
  if (installed) return;
  pg.types.setTypeParser(OID.INT8, parseInt8);
  pg.types.setTypeParser(OID.NUMERIC, keepNumeric);
  pg.types.setTypeParser(OID.TIMESTAMPTZ, parseTimestamptz);
  installed = true;
}
