import '../testing/setup';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from './database';
import { migrate, readMigrations } from './migrate';
import { queryRows } from './query';
import { testBackends, type TestDatabase } from '../testing/backends';

describe.each(testBackends())('migrations on $name', (backend) => {
  let testDb: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    testDb = await backend.open({ empty: true });
    db = await openDatabase(testDb.config);
  });
  afterAll(async () => {
    await db?.close();
    await testDb.cleanup();
  });

  it('applies every migration file once and records it', async () => {
    const applied = await migrate(db);
    expect(applied).toEqual(readMigrations().map((file) => file.name));
    const rows = await db.tx((tx) =>
      queryRows<{ name: string }>(tx, sql`SELECT name FROM schema_migrations ORDER BY name`),
    );
    expect(rows.map((row) => row.name)).toEqual(applied);
  });

  it('is idempotent: a second run applies nothing and keeps the seeded rows single', async () => {
    expect(await migrate(db)).toEqual([]);
    const config = await db.tx((tx) =>
      queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM site_config WHERE name = 'title'`),
    );
    expect(config[0]!.n).toBe(1);
  });

  it('answers numeric as a string, int8 as a bigint and timestamptz as UTC text', async () => {
    const [row] = await db.tx((tx) =>
      queryRows<Record<string, unknown>>(
        tx,
        sql`SELECT 1234567890.12345678::numeric AS amount, 9007199254740993::int8 AS big, now() AS at`,
      ),
    );
    if (!row) throw new Error('no row');
    expect(row.amount).toBe('1234567890.12345678');
    expect(row.big).toBe(9007199254740993n);
    // drizzle hands raw timestamps through as text on both drivers; typed columns map them to Date.
    expect(row.at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d+)?\+00$/);
  });
});
