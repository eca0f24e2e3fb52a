import '../../testing/setup';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { RISK_KINDS } from 'shared/contract';
import { openDatabase, type Database } from '../../db/database';
import { migrate, readMigrations } from '../../db/migrate';
import { queryRows } from '../../db/query';
import { testBackends, type TestDatabase } from '../../testing/backends';
import { insertFundedTrader, useMigratedDatabase } from '../../testing/database';
import { createRiskDisclosureService, isRiskAcknowledged, requireRiskAck } from './risk-disclosure-service';

const UNIFIED = '0014_risk_disclosure_kinds.sql';

/** A folder holding the migrations before 0014 (`upTo: false`) or up to it. */
function migrationsDir(upTo: boolean): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'risk-migrations-'));
  for (const file of readMigrations())
    if (file.name < UNIFIED || (upTo && file.name === UNIFIED)) fs.writeFileSync(path.join(dir, file.name), file.sql);
  return dir;
}

async function insertUser(db: Database, account: string): Promise<bigint> {
  return db.tx(async (tx) => {
    const [row] = await queryRows<{ id: bigint }>(
      tx,
      sql`INSERT INTO users (account, email, password_hash, invite_code, realname_status)
          VALUES (${account}, 'r@example.com', 'x', ${`inv${account}`}, 'verified') RETURNING id`,
    );
    return BigInt(row!.id);
  });
}

describe.each(testBackends())('risk disclosures on $name', (backend) => {
  describe('0014 moves every disclosure and acknowledgement into the unified tables', () => {
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

    it('keeps each acknowledgement with its kind, version and original time', async () => {
      await migrate(db, migrationsDir(false));
      const [a, b] = [await insertUser(db, '0900000001'), await insertUser(db, '0900000002')];
      const t1 = '2026-01-02T03:04:05.000Z';
      const t2 = '2026-02-03T04:05:06.000Z';
      const t3 = '2026-03-04T05:06:07.000Z';
      await db.tx(async (tx) => {
        await tx.execute(sql`INSERT INTO risk_acknowledgements VALUES (${a}, 1, ${t1})`);
        await tx.execute(sql`INSERT INTO new_share_acknowledgements VALUES (${a}, 1, ${t2}), (${b}, 1, ${t3})`);
        await tx.execute(sql`INSERT INTO copy_acknowledgements VALUES (${b}, 1, ${t1})`);
      });
      expect(await migrate(db, migrationsDir(true))).toEqual([UNIFIED]);
      const acks = await db.tx((tx) =>
        queryRows<{ user_id: bigint; kind: string; version: number; at: string }>(
          tx,
          sql`SELECT user_id, kind, version, to_char(acknowledged_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') AS at
              FROM risk_acknowledgements ORDER BY user_id, kind`,
        ),
      );
      expect(acks).toEqual([
        { user_id: a, kind: 'leverage', version: 1, at: '2026-01-02 03:04:05' },
        { user_id: a, kind: 'new_share', version: 1, at: '2026-02-03 04:05:06' },
        { user_id: b, kind: 'copy_trade', version: 1, at: '2026-01-02 03:04:05' },
        { user_id: b, kind: 'new_share', version: 1, at: '2026-03-04 05:06:07' },
      ]);
      const kinds = await db.tx((tx) =>
        queryRows<{ kind: string }>(tx, sql`SELECT kind FROM risk_disclosures ORDER BY kind`),
      );
      expect(kinds.map((k) => k.kind)).toEqual(['copy_trade', 'day_trade', 'leverage', 'new_share']);
      const left = await db.tx((tx) =>
        queryRows<{ n: number }>(
          tx,
          sql`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = current_schema()
                AND table_name IN ('new_share_disclosures', 'new_share_acknowledgements',
                                   'copy_disclosures', 'copy_acknowledgements')`,
        ),
      );
      expect(left[0]!.n).toBe(0);
    });
  });

  describe('the service', () => {
    const database = useMigratedDatabase(backend);
    const now = new Date('2026-05-01T00:00:00.000Z');
    const service = () => createRiskDisclosureService({ db: database.db, now: () => now });

    it('answers every kind in the three languages, day trading included', async () => {
      const user = await insertFundedTrader(database.db, '100', { acknowledged: false });
      for (const kind of RISK_KINDS)
        for (const lang of ['zh-CN', 'en', 'ja'] as const) {
          const disclosure = await service().disclosure(user, kind, lang);
          expect(disclosure).toMatchObject({ version: 1, acknowledged: false, acknowledged_at: null });
          expect(disclosure.text.length).toBeGreaterThan(100);
        }
      const dayTrade = await service().disclosure(user, 'day_trade', 'en');
      expect(dayTrade.title).toBe('Risk disclosure: day trading');
      expect(dayTrade.text).toMatch(/multiple of the participation/);
      expect(dayTrade.text).toMatch(/whole participation/);
      expect(dayTrade.text).toMatch(/closed at the market price at the session close/);
      expect(dayTrade.text).toMatch(/simulated/);
    });

    it('requires the kind acknowledged, keeps the first time and keeps kinds apart', async () => {
      const user = await insertFundedTrader(database.db, '100', { acknowledged: false });
      const required = (kind: (typeof RISK_KINDS)[number]) => database.db.tx((tx) => requireRiskAck(tx, user, kind));
      await expect(required('day_trade')).rejects.toMatchObject({ key: 'risk_disclosure_required' });
      await expect(service().acknowledge(user, 'day_trade', 2)).rejects.toMatchObject({ key: 'field_invalid' });
      const first = await service().acknowledge(user, 'day_trade', 1);
      expect(first).toEqual({ msg: 'risk_acknowledged', data: { version: 1, acknowledged_at: now.toISOString() } });
      const later = createRiskDisclosureService({ db: database.db, now: () => new Date('2027-01-01T00:00:00Z') });
      expect((await later.acknowledge(user, 'day_trade', 1)).data.acknowledged_at).toBe(now.toISOString());
      await expect(required('day_trade')).resolves.toBeUndefined();
      await expect(required('leverage')).rejects.toMatchObject({ key: 'risk_disclosure_required' });
      expect(await database.db.tx((tx) => isRiskAcknowledged(tx, user, 'copy_trade'))).toBe(false);
      expect(await service().disclosure(user, 'day_trade', 'ja')).toMatchObject({
        acknowledged: true,
        acknowledged_at: now.toISOString(),
      });
    });
  });
});
