import '../../testing/setup';
import { sql } from 'drizzle-orm';
import { drawLottery, finalSeedOf, listRootOf, type ListedApplication } from 'shared';
import type { Database } from '../../db/database';
import { queryRows } from '../../db/query';
import { testBackends } from '../../testing/backends';
import { useMigratedDatabase } from '../../testing/database';
import { newSeed } from './ipo-issue-facts';
import { allotStatement, claimDraw, drawTotals } from './draw-repository';
import { insertIssue } from './issues-repository';
import { sealList } from './list-seal';

const DAY = 86_400_000;
const T0 = new Date('2026-11-16T01:00:00Z');
const at = (days: number) => new Date(T0.getTime() + days * DAY);

/** A deterministic pseudo-random sequence (mulberry32), so a failure names its case. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An issue with `issueSize` shares in lots of 100 and one application per unit count given. */
async function issueWithApplications(db: Database, code: string, issueSize: number, units: number[]) {
  const issue = await db.tx((tx) =>
    insertIssue(tx, {
      market: 'jpy',
      currency: 'JPY',
      code,
      names: { 'zh-CN': code, en: code, ja: code },
      price: '1000',
      pe: null,
      lotSize: 100,
      subscriptionCap: 100n * 50n,
      issueSize: BigInt(issueSize),
      underwriter: 'Test',
      lockupDays: 0,
      opensAt: at(-3),
      closesAt: at(-1),
      drawAt: at(-1),
      payDeadline: at(2),
      listingAt: at(5),
      distributionAt: at(6),
      ...newSeed(),
      createdAt: at(-4),
    }),
  );
  await db.tx(async (tx) => {
    const users = await queryRows<{ id: bigint }>(
      tx,
      sql`INSERT INTO users (account, email, password_hash, invite_code)
          SELECT lpad((8000000000 + ${Number(issue.id) * 100_000} + g)::text, 10, '0'), 'u@example.com', 'x',
                 md5(${code} || g::text)
          FROM generate_series(1, ${units.length}) AS g RETURNING id`,
    );
    const ids = users.map((u) => BigInt(u.id));
    await tx.execute(
      sql`INSERT INTO new_share_orders (user_id, order_no, market, currency, code, name, subscription_price, quantity,
                                        rjmoney, status, issue_id, application_no, units, contribution)
          SELECT u.id, ${code} || '-' || u.n, 'jpy', 'JPY', ${code}, ${code}, 1000, u.units * 100, u.units * 100000, 1,
                 ${issue.id}, u.n, u.units, encode(sha256(convert_to(${code} || ':' || u.n::text, 'UTF8')), 'hex')
          FROM unnest(${`{${ids.join(',')}}`}::bigint[], ${`{${units.join(',')}}`}::int[])
               WITH ORDINALITY AS u (id, units, n)`,
    );
  });
  return issue;
}

async function drawInSql(db: Database, issue: Awaited<ReturnType<typeof issueWithApplications>>) {
  const sealed = await sealList(db, issue.id, T0);
  expect(sealed).toBeDefined();
  expect(await sealList(db, issue.id, T0)).toBeUndefined();
  return db.tx(async (tx) => {
    const claimed = await claimDraw(tx, issue.id, T0);
    expect(claimed).toMatchObject({ listRoot: sealed!.root });
    const offered = issue.issueSize / BigInt(issue.lotSize);
    const seed = await finalSeedOf(claimed!.seed, claimed!.listRoot);
    await allotStatement(tx, { issueId: issue.id, seed, unitsOffered: offered, lotSize: 100, now: T0 });
    // A second claim finds the issue drawn: nothing happens twice.
    expect(await claimDraw(tx, issue.id, T0)).toBeUndefined();
    const lines = await queryRows<{ application_no: number; units: number; allotted_units: number }>(
      tx,
      sql`SELECT application_no, units, allotted_units FROM new_share_orders WHERE issue_id = ${issue.id}
          ORDER BY application_no`,
    );
    const listed = await queryRows<ListedApplication>(
      tx,
      sql`SELECT application_no, units, contribution FROM new_share_orders WHERE issue_id = ${issue.id}`,
    );
    return { lines, listed, root: sealed!.root, totals: await drawTotals(tx, issue.id) };
  });
}

describe.each(testBackends())('the draw in SQL and in shared JavaScript on $name', (backend) => {
  const database = useMigratedDatabase(backend);

  it.each([
    ['oversubscribed, one lot each', 7, 30_000, 1, 5],
    ['some get a second lot', 8, 150_000, 1, 3],
    ['everything fits', 9, 1_000_000, 1, 4],
    ['big applications', 10, 400_000, 5, 40],
    ['exactly the units applied', 11, 0, 1, 3],
    ['mixed sizes, the cut between two counts', 12, 90_000, 1, 12],
    ['one more unit than the first round', 13, 40_100, 1, 9],
  ])('allots the same units: %s', async (_, seed, size, minUnits, maxUnits) => {
    const next = random(seed);
    const units = Array.from({ length: 400 }, () => minUnits + Math.floor(next() * (maxUnits - minUnits + 1)));
    const appliedShares = units.reduce((s, u) => s + u, 0) * 100;
    const issue = await issueWithApplications(database.db, `EQ${seed}`, size || appliedShares, units);
    const { lines, listed, root, totals } = await drawInSql(database.db, issue);
    // The root sealed in the database is the shared lottery's over the same list; the tickets use the final seed.
    expect(await listRootOf(listed)).toBe(root);
    const offered = Number(issue.issueSize / 100n);
    const expected = await drawLottery(await finalSeedOf(issue.seed, root), offered, listed);
    expect(lines).toEqual(expected.map(({ contribution: _, ...line }) => line));
    expect(totals.unitsAllotted).toBe(Math.min(offered, totals.unitsApplied));
    expect(totals.unitsAllotted).toBeLessThanOrEqual(offered);
  });
  it('draws another result when one application’s contribution differs, the same when nothing does', async () => {
    const units = Array.from({ length: 60 }, () => 1);
    const [a, b, c] = [
      await issueWithApplications(database.db, 'CA1', 2000, units),
      await issueWithApplications(database.db, 'CB1', 2000, units),
      await issueWithApplications(database.db, 'CC1', 2000, units),
    ];
    // b and c: a's committed seed and a's contributions; then c's application 17 gets another contribution.
    await database.db.tx(async (tx) => {
      for (const other of [b, c]) {
        await tx.execute(
          sql`UPDATE new_share_issues SET seed = ${a.seed}, seed_hash = ${a.seedHash} WHERE id = ${other.id}`,
        );
        await tx.execute(
          sql`UPDATE new_share_orders o SET contribution = s.contribution
              FROM new_share_orders s WHERE s.issue_id = ${a.id} AND o.issue_id = ${other.id}
                AND o.application_no = s.application_no`,
        );
      }
      await tx.execute(
        sql`UPDATE new_share_orders SET contribution = ${'e'.repeat(64)}
            WHERE issue_id = ${c.id} AND application_no = 17`,
      );
    });
    const winners = async (issue: typeof a) =>
      (await drawInSql(database.db, { ...issue, seed: a.seed })).lines
        .filter((l) => l.allotted_units > 0)
        .map((l) => l.application_no);
    const [wa, wb, wc] = [await winners(a), await winners(b), await winners(c)];
    expect(wa).toHaveLength(20);
    expect(wb).toEqual(wa);
    expect(wc).not.toEqual(wa);
  });
});
