/**
 * Fixtures for the money suites: a user ready to move money (verified, a card, a fund password),
 * money put in through the ledger, balances as the API shows them, and the ledger invariants.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Currency } from 'shared/money';
import { queryRows } from '../db/query';
import { createPasswordHasher } from '../security/password';
import { registerMoneyReadyUser } from './accounts';
import { TEST_SCRYPT } from './app';
import { post, type Answer, type LoggedIn } from './users';
import { getHouseAccountId, getUserAccountId, postTransaction } from '../modules/ledger/ledger-repository';

export const FUND_PASSWORD = '135790';
/** Monday 16 November 2026, 10:00 Japan time: withdrawals open. */
export const OPEN_TIME = new Date('2026-11-16T01:00:00Z');

const hasher = createPasswordHasher({ cost: TEST_SCRYPT });
let fundPasswordHash: Promise<string> | undefined;

export type MoneyUser = LoggedIn & { cardId: number; userId: bigint };

export async function userIdOf(app: FastifyInstance, account: string): Promise<bigint> {
  const [row] = await app.db.tx((tx) =>
    queryRows<{ id: bigint }>(tx, sql`SELECT id FROM users WHERE account = ${account}`),
  );
  return BigInt(row!.id);
}

/** Verified identity, one bound card and the fund password FUND_PASSWORD. */
export async function moneyReadyUser(app: FastifyInstance): Promise<MoneyUser> {
  const user = await registerMoneyReadyUser(app);
  fundPasswordHash ??= hasher.hash(FUND_PASSWORD);
  const hash = await fundPasswordHash;
  await app.db.tx((tx) =>
    tx.execute(sql`UPDATE users SET fund_password_hash = ${hash} WHERE account = ${user.account}`),
  );
  return { ...user, userId: await userIdOf(app, user.account) };
}

/** Money in from the house bank account (a deposit already reviewed), for suites not about deposits. */
export async function fund(
  app: FastifyInstance,
  userId: bigint,
  amount: string,
  currency: Currency = 'JPY',
): Promise<void> {
  await app.db.tx(async (tx) => {
    const account = await getUserAccountId(tx, userId, currency);
    const bank = await getHouseAccountId(tx, 'bank', currency);
    await postTransaction(tx, {
      kind: 'deposit',
      reference: 'TEST',
      at: app.config.now(),
      entries: [
        { accountId: bank, currency, amount: `-${amount}` },
        { accountId: account, currency, amount },
      ],
    });
  });
}

export type Balances = Record<string, { available: string; frozen: string }>;

export async function balancesOf(app: FastifyInstance, user: LoggedIn): Promise<Balances> {
  const answer = await post(app, '/funds/balances', {}, user.headers);
  if (answer.body.status !== 1) throw new Error(`balances failed: ${answer.body.msg}`);
  return Object.fromEntries(
    (answer.body.data as Array<{ currency: string; available: string; frozen: string }>).map((b) => [
      b.currency,
      { available: b.available, frozen: b.frozen },
    ]),
  );
}

/** Runs a call that must be refused with `key`, and checks that no balance of the user moved. */
export async function expectRefused(
  app: FastifyInstance,
  user: LoggedIn,
  key: string,
  call: () => Promise<Answer>,
): Promise<Answer> {
  const before = await balancesOf(app, user);
  const answer = await call();
  expect({ status: answer.body.status, msg: answer.body.msg }).toEqual({ status: 0, msg: key });
  expect(await balancesOf(app, user)).toEqual(before);
  return answer;
}

/**
 * The ledger's invariants: every currency's entries sum to zero; for every account
 * available + held = sum of its entries and held = sum of its pending holds.
 */
export async function expectLedgerBalanced(app: FastifyInstance): Promise<void> {
  const [unbalanced, drift] = await app.db.tx(async (tx) => [
    await queryRows(
      tx,
      sql`SELECT currency, sum(amount)::text AS sum FROM journal_entries GROUP BY currency HAVING sum(amount) <> 0`,
    ),
    await queryRows(
      tx,
      sql`SELECT a.id FROM ledger_accounts a
          WHERE a.available + a.held <> coalesce((
                  SELECT sum(amount) FROM journal_entries e WHERE e.account_id = a.id
                ), 0)
             OR a.held <> coalesce((
                  SELECT sum(amount) FROM ledger_holds h WHERE h.account_id = a.id AND h.status = 'pending'
                ), 0)`,
    ),
  ]);
  expect(unbalanced).toEqual([]);
  expect(drift).toEqual([]);
}
