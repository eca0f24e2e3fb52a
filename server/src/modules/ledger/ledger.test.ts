import '../../testing/setup';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/database';
import { queryRows } from '../../db/query';
import { testBackends } from '../../testing/backends';
import { useMigratedDatabase } from '../../testing/database';
import {
  claimIdempotencyKey,
  getHouseAccountId,
  getUserAccountId,
  getUserBalance,
  placeHold,
  postHold,
  postTransaction,
  voidHold,
} from './ledger-repository';

let sequence = 0;
async function newUser(tx: Tx): Promise<bigint> {
  sequence += 1;
  const account = `08${String(process.pid % 10_000).padStart(4, '0')}${String(sequence).padStart(4, '0')}`;
  const [row] = await queryRows<{ id: bigint }>(
    tx,
    sql`INSERT INTO users (account, email, password_hash, invite_code)
        VALUES (${account}, 'l@example.com', 'x', ${`L${account}`}) RETURNING id`,
  );
  return BigInt(row!.id);
}

/** Deposits from the house bank account: the only way money enters in these tests. */
async function deposit(tx: Tx, userId: bigint, amount: string): Promise<bigint> {
  const account = await getUserAccountId(tx, userId, 'JPY');
  const bank = await getHouseAccountId(tx, 'bank', 'JPY');
  await postTransaction(tx, {
    kind: 'deposit',
    entries: [
      { accountId: bank, currency: 'JPY', amount: `-${amount}` },
      { accountId: account, currency: 'JPY', amount },
    ],
  });
  return account;
}

/** Runs fn expecting the database to refuse; answers the error message. */
async function refusal(db: Database, fn: (tx: Tx) => Promise<unknown>): Promise<string> {
  try {
    await db.tx(fn);
  } catch (error) {
    const cause = (error as { cause?: Error }).cause;
    return `${(error as Error).message} ${cause?.message ?? ''}`;
  }
  throw new Error('expected the database to refuse');
}

describe.each(testBackends())('ledger on $name', (backend) => {
  const suite = useMigratedDatabase(backend);
  let db: Database;
  beforeAll(() => {
    db = suite.db;
  });

  it('books a balanced deposit and derives available from the entries', async () => {
    const balance = await db.tx(async (tx) => {
      const userId = await newUser(tx);
      await deposit(tx, userId, '120000');
      return getUserBalance(tx, userId, 'JPY');
    });
    expect(balance).toMatchObject({ available: '120000.00000000', held: '0.00000000' });
  });

  it('refuses UPDATE and DELETE of journal entries and transactions (append-only)', async () => {
    await db.tx(async (tx) => deposit(tx, await newUser(tx), '1000'));
    expect(await refusal(db, (tx) => tx.execute(sql`UPDATE journal_entries SET amount = amount * 2`))).toMatch(
      /append-only/,
    );
    expect(await refusal(db, (tx) => tx.execute(sql`DELETE FROM journal_entries`))).toMatch(/append-only/);
    expect(await refusal(db, (tx) => tx.execute(sql`UPDATE journal_transactions SET kind = 'gift'`))).toMatch(
      /append-only/,
    );
    expect(await refusal(db, (tx) => tx.execute(sql`DELETE FROM journal_transactions`))).toMatch(/append-only/);
    expect(await refusal(db, (tx) => tx.execute(sql`TRUNCATE journal_entries CASCADE`))).toMatch(/append-only/);
  });

  it('refuses a negative balance through the CHECK constraint', async () => {
    const userId = await db.tx(newUser);
    await db.tx((tx) => deposit(tx, userId, '100'));
    // A withdrawal of more than the balance: the user's account would go to -50.
    const message = await refusal(db, async (tx) => {
      const account = await getUserAccountId(tx, userId, 'JPY');
      const bank = await getHouseAccountId(tx, 'bank', 'JPY');
      await postTransaction(tx, {
        kind: 'withdrawal',
        entries: [
          { accountId: account, currency: 'JPY', amount: '-150' },
          { accountId: bank, currency: 'JPY', amount: '150' },
        ],
      });
    });
    expect(message).toMatch(/insufficient_balance/);
    expect((await db.tx((tx) => getUserBalance(tx, userId, 'JPY'))).available).toBe('100.00000000');
    // And the raw constraint, without the repository in between.
    const raw = await refusal(db, (tx) =>
      tx.execute(sql`INSERT INTO ledger_holds (account_id, amount, reason)
                     SELECT id, 101, 'test' FROM ledger_accounts WHERE user_id = ${userId} AND currency = 'JPY'`),
    );
    expect(raw).toMatch(/ledger_accounts_available_nonnegative/);
  });

  it('refuses to type a balance: available changes only through entries and holds', async () => {
    const userId = await db.tx(newUser);
    await db.tx((tx) => deposit(tx, userId, '100'));
    const message = await refusal(db, (tx) =>
      tx.execute(sql`UPDATE ledger_accounts SET available = 1000000 WHERE user_id = ${userId}`),
    );
    expect(message).toMatch(/only through journal entries and holds/);
  });

  it('refuses an unbalanced journal transaction at commit', async () => {
    const userId = await db.tx(newUser);
    const message = await refusal(db, async (tx) => {
      const account = await getUserAccountId(tx, userId, 'JPY');
      const [header] = await queryRows<{ id: bigint }>(
        tx,
        sql`INSERT INTO journal_transactions (kind) VALUES ('mint') RETURNING id`,
      );
      await tx.execute(
        sql`INSERT INTO journal_entries (transaction_id, account_id, currency, amount)
            VALUES (${header!.id}, ${account}, 'JPY', 500)`,
      );
    });
    expect(message).toMatch(/not balanced/);
    // The whole transaction rolled back, the account opening included: nothing was minted.
    expect((await db.tx((tx) => getUserBalance(tx, userId, 'JPY'))).available).toBe('0');
  });

  it('refuses amounts finer than the currency minor unit', async () => {
    const userId = await db.tx(newUser);
    await db.tx((tx) => deposit(tx, userId, '100'));
    expect(
      await refusal(db, async (tx) =>
        placeHold(tx, {
          accountId: await getUserAccountId(tx, userId, 'JPY'),
          currency: 'JPY',
          amount: '0.5',
          reason: 'test',
        }),
      ),
    ).toMatch(/amount_invalid/);
  });

  it('moves held money out of available and resolves a hold exactly once', async () => {
    const userId = await db.tx(newUser);
    const account = await db.tx((tx) => deposit(tx, userId, '30000'));
    const holdId = await db.tx((tx) =>
      placeHold(tx, { accountId: account, currency: 'JPY', amount: '20000', reason: 'withdrawal' }),
    );
    expect(await db.tx((tx) => getUserBalance(tx, userId, 'JPY'))).toMatchObject({
      available: '10000.00000000',
      held: '20000.00000000',
    });
    expect(
      await db
        .tx((tx) => placeHold(tx, { accountId: account, currency: 'JPY', amount: '10001', reason: 'x' }))
        .catch((e: Error) => e.message),
    ).toBe('insufficient_balance');

    const bank = await db.tx((tx) => getHouseAccountId(tx, 'bank', 'JPY'));
    expect(await db.tx((tx) => postHold(tx, holdId, { accountId: bank, kind: 'withdrawal' }))).toBe(true);
    expect(await db.tx((tx) => postHold(tx, holdId, { accountId: bank, kind: 'withdrawal' }))).toBe(false);
    expect(await db.tx((tx) => voidHold(tx, holdId))).toBe(false);
    expect(await db.tx((tx) => getUserBalance(tx, userId, 'JPY'))).toMatchObject({
      available: '10000.00000000',
      held: '0.00000000',
    });
    expect(
      await refusal(db, (tx) =>
        tx.execute(sql`UPDATE ledger_holds SET status = 'pending', resolved_at = NULL WHERE id = ${holdId}`),
      ),
    ).toMatch(/already posted/);
    expect(await refusal(db, (tx) => tx.execute(sql`DELETE FROM ledger_holds WHERE id = ${holdId}`))).toMatch(
      /append-only/,
    );
  });

  it('resolves many holds of several accounts in one statement, moving each account by its sum', async () => {
    const [first, second] = [await db.tx(newUser), await db.tx(newUser)];
    const accounts = [await db.tx((tx) => deposit(tx, first, '9000')), await db.tx((tx) => deposit(tx, second, '500'))];
    const place = (account: bigint, amount: string) =>
      db.tx((tx) => placeHold(tx, { accountId: account, currency: 'JPY', amount, reason: 'x' }));
    const holds = [
      await place(accounts[0]!, '1000'),
      await place(accounts[0]!, '2000'),
      await place(accounts[0]!, '4000'),
      await place(accounts[1]!, '500'),
    ];
    const voided = holds.filter((_, i) => i !== 2);
    const released = await db.tx((tx) =>
      queryRows<{ id: bigint }>(
        tx,
        sql`UPDATE ledger_holds SET status = 'voided', resolved_at = now()
            WHERE id IN (${sql.join(
              voided.map((id) => sql`${id}`),
              sql`, `,
            )}) AND status = 'pending' RETURNING id`,
      ),
    );
    expect(released).toHaveLength(3);
    expect(await db.tx((tx) => getUserBalance(tx, first, 'JPY'))).toMatchObject({
      available: '5000.00000000',
      held: '4000.00000000',
    });
    expect(await db.tx((tx) => getUserBalance(tx, second, 'JPY'))).toMatchObject({
      available: '500.00000000',
      held: '0.00000000',
    });
    // A statement touching one resolved hold among pending ones is refused as a whole.
    expect(
      await refusal(db, (tx) =>
        tx.execute(
          sql`UPDATE ledger_holds SET status = 'voided', resolved_at = now() WHERE id IN (${holds[0]!}, ${holds[2]!})`,
        ),
      ),
    ).toMatch(/already voided/);
    expect(
      await refusal(db, (tx) => tx.execute(sql`UPDATE ledger_holds SET amount = 1 WHERE id = ${holds[2]!}`)),
    ).toMatch(/amount and account are fixed/);
    expect(await db.tx((tx) => getUserBalance(tx, first, 'JPY'))).toMatchObject({ held: '4000.00000000' });
  });

  it('lets exactly one of two concurrent approvals settle a hold', async () => {
    const userId = await db.tx(newUser);
    const account = await db.tx((tx) => deposit(tx, userId, '5000'));
    const holdId = await db.tx((tx) =>
      placeHold(tx, { accountId: account, currency: 'JPY', amount: '5000', reason: 'withdrawal' }),
    );
    const bank = await db.tx((tx) => getHouseAccountId(tx, 'bank', 'JPY'));
    const results = await Promise.all([
      db.tx((tx) => postHold(tx, holdId, { accountId: bank, kind: 'withdrawal' })),
      db.tx((tx) => postHold(tx, holdId, { accountId: bank, kind: 'withdrawal' })),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await db.tx((tx) => getUserBalance(tx, userId, 'JPY'))).toMatchObject({
      available: '0.00000000',
      held: '0.00000000',
    });
  });

  it('never lets concurrent holds overdraw an account', async () => {
    const userId = await db.tx(newUser);
    const account = await db.tx((tx) => deposit(tx, userId, '1000'));
    const attempts = await Promise.allSettled(
      Array.from({ length: 5 }, () =>
        db.tx((tx) => placeHold(tx, { accountId: account, currency: 'JPY', amount: '400', reason: 'order' })),
      ),
    );
    expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(2);
    expect(await db.tx((tx) => getUserBalance(tx, userId, 'JPY'))).toMatchObject({
      available: '200.00000000',
      held: '800.00000000',
    });
  });

  it('keeps available + held equal to the sum of entries for every account', async () => {
    const rows = await db.tx((tx) =>
      queryRows<{ id: bigint }>(
        tx,
        sql`SELECT a.id FROM ledger_accounts a
            LEFT JOIN (SELECT account_id, sum(amount) AS total FROM journal_entries GROUP BY account_id) e
              ON e.account_id = a.id
            WHERE a.available + a.held <> coalesce(e.total, 0)`,
      ),
    );
    expect(rows).toEqual([]);
  });

  it('claims an idempotency key once and replays the first answer', async () => {
    const userId = await db.tx(newUser);
    const claim = { userId, key: 'retry-1', endpoint: '/funds/withdraw', requestHash: 'abc' };
    const first = await db.tx((tx) => claimIdempotencyKey(tx, claim));
    expect(first.claimed).toBe(true);
    if (first.claimed) {
      await db.tx((tx) =>
        tx.execute(
          sql`UPDATE idempotency_keys SET response = ${JSON.stringify({ status: 1 })}::jsonb WHERE id = ${first.id}`,
        ),
      );
    }
    expect(await db.tx((tx) => claimIdempotencyKey(tx, claim))).toEqual({
      claimed: false,
      sameRequest: true,
      response: { status: 1 },
    });
    expect(await db.tx((tx) => claimIdempotencyKey(tx, { ...claim, requestHash: 'other' }))).toMatchObject({
      claimed: false,
      sameRequest: false,
    });
  });
});
