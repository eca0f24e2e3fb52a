import '../../testing/setup';
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/database';
import { queryRows } from '../../db/query';
import { BusinessError } from '../../errors';
import { migrate } from '../../db/migrate';
import { testBackends, type TestDatabase } from '../../testing/backends';
import { insertFundedTrader } from '../../testing/database';
import { getUserAccountId, placeHold } from '../ledger/ledger-repository';
import { MarketSimulator } from '../market/simulator';
import { createTradeService } from '../trade/trade-service';
import { createListingSync, listDueIssues, lockupEnd } from './ipo-listing';

/** Listing: Wednesday 18 November 2026, 09:00 Tokyo (the open). */
const LISTING_AT = new Date('2026-11-18T00:00:00Z');
const BEFORE = new Date('2026-11-17T23:59:00Z');
const NAMES = { 'zh-CN': '模拟新股', en: 'Sample Listing', ja: 'サンプル上場' };

let codes = 9000;

/** A drawn issue of `code` listing at LISTING_AT (price 1200 JPY, lots of 100, 90 days' lock-up). */
async function drawnIssue(db: Database, options: { lockupDays?: number; withdrawn?: boolean } = {}) {
  const code = String((codes += 1));
  const seed = randomBytes(32).toString('hex');
  const [row] = await db.tx((tx) =>
    queryRows<{ id: string }>(
      tx,
      sql`INSERT INTO new_share_issues (market, currency, code, names, price, lot_size, subscription_cap, issue_size,
                                        underwriter, lockup_days, opens_at, closes_at, draw_at, pay_deadline,
                                        listing_at, distribution_at, seed, seed_hash, draw_state, drawn_at,
                                        units_applied, units_allotted, withdrawn_at)
          VALUES ('jpy', 'JPY', ${code}, ${JSON.stringify(NAMES)}::jsonb, 1200, 100, 1000, 100000, 'Nomura',
                  ${options.lockupDays ?? 90}, '2026-11-02T00:00:00Z', '2026-11-06T06:00:00Z',
                  '2026-11-09T06:00:00Z', '2026-11-12T06:00:00Z', ${LISTING_AT.toISOString()}::timestamptz,
                  '2026-11-20T00:00:00Z', ${seed}, ${createHash('sha256').update(seed).digest('hex')}, 'drawn',
                  '2026-11-09T06:00:00Z', 10, 3,
                  ${options.withdrawn ? '2026-11-10T00:00:00Z' : null}::timestamptz)
          RETURNING id`,
    ),
  );
  return { id: BigInt(row!.id), code, seed };
}

let applicationNo = 0;

/** A paid allotment (state subscribed, status 1) of `quantity` shares, its payment held. */
async function paidAllotment(db: Database, issue: { id: bigint; code: string }, userId: bigint, quantity = 100) {
  const amount = String(1200 * quantity);
  return db.tx(async (tx) => {
    const holdId = await placeHold(tx, {
      accountId: await getUserAccountId(tx, userId, 'JPY'),
      currency: 'JPY',
      amount,
      reason: 'new_share',
    });
    applicationNo += 1;
    const [row] = await queryRows<{ id: string }>(
      tx,
      sql`INSERT INTO new_share_orders (user_id, order_no, market, currency, code, name, subscription_price, quantity,
                                        allotted_quantity, rjmoney, status, hold_id, issue_id, application_no, units,
                                        allotted_units, state, paid_amount)
          VALUES (${userId}, ${`N${randomBytes(6).toString('hex')}`}, 'jpy', 'JPY', ${issue.code}, 'Sample', 1200,
                  ${quantity}, ${quantity}, ${amount}, 1, ${holdId}, ${issue.id}, ${applicationNo}, ${quantity / 100},
                  ${quantity / 100}, 'subscribed', ${amount})
          RETURNING id`,
    );
    return { orderId: BigInt(row!.id), holdId };
  });
}

async function moneyOf(db: Database, userId: bigint) {
  const [row] = await db.tx((tx) =>
    queryRows<{ available: string; held: string }>(
      tx,
      sql`SELECT available::text, held::text FROM ledger_accounts WHERE user_id = ${userId} AND currency = 'JPY'`,
    ),
  );
  return { available: Number(row!.available), held: Number(row!.held) };
}

async function expectBalanced(db: Database) {
  const unbalanced = await db.tx((tx) =>
    queryRows(tx, sql`SELECT currency FROM journal_entries GROUP BY currency HAVING sum(amount) <> 0`),
  );
  expect(unbalanced).toEqual([]);
}

describe.each(testBackends())('listing new shares on $name', (backend) => {
  let testDb: TestDatabase;
  const t = {} as { db: Database; second: Database };
  beforeAll(async () => {
    testDb = await backend.open();
    t.db = await openDatabase(testDb.config);
    await migrate(t.db);
    // A second instance's own connection pool (PostgreSQL); PGlite is one session in one process.
    t.second = backend.name === 'postgres' ? await openDatabase(testDb.config) : t.db;
  });
  afterAll(async () => {
    if (t.second !== t.db) await t.second?.close();
    await t.db?.close();
    await testDb?.cleanup();
  });

  it('turns each paid allotment into a locked-up 1× long holding at the issue price, once', async () => {
    const issue = await drawnIssue(t.db);
    const userId = await insertFundedTrader(t.db, '1000000');
    const { orderId, holdId } = await paidAllotment(t.db, issue, userId, 200);
    const before = await moneyOf(t.db, userId);
    expect(before).toEqual({ available: 760000, held: 240000 });

    expect(await listDueIssues(t.db, BEFORE)).toBe(0);
    const listed: string[] = [];
    expect(await listDueIssues(t.db, LISTING_AT, (l) => listed.push(l.code))).toBe(1);
    expect(listed).toEqual([issue.code]);
    expect(await listDueIssues(t.db, new Date(LISTING_AT.getTime() + 60_000))).toBe(0);

    const positions = await t.db.tx((tx) =>
      queryRows<Record<string, unknown>>(
        tx,
        sql`SELECT code, direction, leverage, stock_num::text, buy_price::text, margin::text, status, source,
                   closable_from FROM positions WHERE user_id = ${userId}`,
      ),
    );
    expect(positions.map((p) => ({ ...p, closable_from: new Date(p.closable_from as string) }))).toEqual([
      {
        code: issue.code,
        direction: 'long',
        leverage: 1,
        stock_num: '200.00000000',
        buy_price: '1200.00000000',
        margin: '240000.00000000',
        status: 0,
        source: 'new_share',
        closable_from: lockupEnd('jpy', LISTING_AT, 90),
      },
    ]);
    // 90 days after 18 November, from midnight Tokyo time.
    expect(lockupEnd('jpy', LISTING_AT, 90)!.toISOString()).toBe('2027-02-15T15:00:00.000Z');
    // The money moved from the subscription's hold to the holding's margin: available and held unchanged.
    expect(await moneyOf(t.db, userId)).toEqual(before);
    const [order] = await t.db.tx((tx) =>
      queryRows<{ status: number; rjmoney: string | null; hold: string }>(
        tx,
        sql`SELECT o.status, o.rjmoney, h.status AS hold FROM new_share_orders o
            JOIN ledger_holds h ON h.id = o.hold_id WHERE o.id = ${orderId}`,
      ),
    );
    expect(order).toEqual({ status: 4, rjmoney: null, hold: 'voided' });
    expect(holdId).toBeDefined();
    const messages = await t.db.tx((tx) =>
      queryRows<{ msg_key: string; msg_values: Record<string, string> }>(
        tx,
        sql`SELECT msg_key, msg_values FROM messages WHERE user_id = ${userId}`,
      ),
    );
    expect(messages).toEqual([
      {
        msg_key: 'new_share_listed',
        msg_values: { code: issue.code, quantity: '200', price: '1,200 JPY', date: '2027-02-16' },
      },
    ]);
    await expectBalanced(t.db);
  });

  it('lists nothing of a withdrawn issue; an issue without paid allotments still joins the market data', async () => {
    const withdrawn = await drawnIssue(t.db, { withdrawn: true });
    const empty = await drawnIssue(t.db);
    const sim = new MarketSimulator({ seed: 'test', now: () => new Date('2026-11-18T01:00:00Z') });
    const sync = createListingSync(t.db, sim);
    await sync();
    expect(sim.quote('jpy', empty.code, 'en')).toBeUndefined();
    const listedCodes: string[] = [];
    await listDueIssues(t.db, LISTING_AT, (l) => listedCodes.push(l.code));
    expect(listedCodes).toContain(empty.code);
    expect(listedCodes).not.toContain(withdrawn.code);
    // Another instance learns it from the database on its next pass; a second pass adds nothing.
    expect(await sync()).toBeGreaterThanOrEqual(1);
    expect(await sync()).toBe(0);
    expect(sim.quote('jpy', empty.code, 'ja')!.name).toBe('サンプル上場');
    expect(sim.quote('jpy', withdrawn.code, 'ja')).toBeUndefined();
  });

  it('refuses to close the holding before the lock-up ends, naming the date; then accepts it', async () => {
    const issue = await drawnIssue(t.db, { lockupDays: 30 });
    const userId = await insertFundedTrader(t.db, '1000000');
    await paidAllotment(t.db, issue, userId);
    await listDueIssues(t.db, LISTING_AT);
    let now = new Date('2026-11-19T01:00:00Z');
    const sim = new MarketSimulator({ seed: 'test', now: () => now });
    await createListingSync(t.db, sim)();
    const trade = createTradeService({ db: t.db, now: () => now, provider: sim });
    const [position] = await t.db.tx((tx) =>
      queryRows<{ id: string }>(tx, sql`SELECT id FROM positions WHERE user_id = ${userId} AND code = ${issue.code}`),
    );
    const id = Number(position!.id);
    const refusal = await trade.close(userId, id).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(BusinessError);
    expect(refusal).toMatchObject({ key: 'lockup_until', extra: { values: { date: '2026-12-18' } } });
    const wire = await trade.position(userId, id, 'en');
    expect(wire.closable_from).toBe('2026-12-18');
    // Friday 18 December 2026, 10:00 Tokyo: the lock-up has ended.
    now = new Date('2026-12-18T01:00:00Z');
    expect((await trade.close(userId, id)).msg).toBe('sell_success');
  });

  it('two instances listing at the same moment list each issue once', async () => {
    const second = t.second;
    {
      const issues = [await drawnIssue(t.db), await drawnIssue(t.db), await drawnIssue(t.db)];
      const users = await Promise.all([1, 2, 3, 4].map(() => insertFundedTrader(t.db, '1000000')));
      for (const issue of issues) for (const user of users) await paidAllotment(t.db, issue, user);
      const counts = await Promise.all([
        listDueIssues(t.db, LISTING_AT),
        listDueIssues(second, LISTING_AT),
        listDueIssues(t.db, LISTING_AT),
        listDueIssues(second, LISTING_AT),
      ]);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(3);
      const [row] = await t.db.tx((tx) =>
        queryRows<{ holdings: number; messages: number }>(
          tx,
          sql`SELECT (SELECT count(*)::int FROM positions WHERE source = 'new_share'
                        AND code IN (${issues[0]!.code}, ${issues[1]!.code}, ${issues[2]!.code})) AS holdings,
                     (SELECT count(*)::int FROM messages WHERE msg_key = 'new_share_listed'
                        AND msg_values->>'code' IN (${issues[0]!.code}, ${issues[1]!.code}, ${issues[2]!.code}))
                       AS messages`,
        ),
      );
      expect(row).toEqual({ holdings: 12, messages: 12 });
      for (const user of users) expect(await moneyOf(t.db, user)).toEqual({ available: 640000, held: 360000 });
      await expectBalanced(t.db);
    }
  });
});
