import '../../testing/setup';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/query';
import { BusinessError } from '../../errors';
import type { PasswordHasher } from '../../security/password';
import { testBackends } from '../../testing/backends';
import { useMigratedDatabase } from '../../testing/database';
import { FundPasswordGuard } from './fund-password-guard';
import { readPasswordHashes } from './passwords-repository';
import { createPasswordService } from './password-service';

/**
 * A hasher whose hashes finish when the test says so (`finishHashes`), and whose verifies answer at once: so a test
 * sees whether a new password's hash was already running while the current password was checked, and whether a
 * refusal waits for it. Stored form: `fake$<password>`.
 */
function controlledHasher() {
  const pending: Array<() => void> = [];
  const events: string[] = [];
  const hasher: PasswordHasher = {
    hash: (password) =>
      new Promise((resolve) => {
        events.push(`hash ${password} started`);
        pending.push(() => {
          events.push(`hash ${password} finished`);
          resolve(`fake$${password}`);
        });
      }),
    verify: async (password, stored) => {
      events.push(`verify ${password}`);
      return stored === `fake$${password}`;
    },
    verifyDummy: async () => false,
  };
  return {
    hasher,
    events,
    finishHashes: () => pending.splice(0).forEach((finish) => finish()),
  };
}

const keyOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: unknown) => (error instanceof BusinessError ? error.key : String(error)),
  );

/** Lets every settled promise's reactions run (the database answers take several turns of the event loop). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe.each(testBackends())('password service on $name', (backend) => {
  const t = useMigratedDatabase(backend);

  async function insertUser(fundPassword?: string): Promise<bigint> {
    const [row] = await t.db.tx((tx) =>
      queryRows<{ id: bigint }>(
        tx,
        sql`INSERT INTO users (account, email, password_hash, fund_password_hash, invite_code)
          VALUES (${`08${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0')}`}, 'p@example.com',
                  'fake$login secret', ${fundPassword ? `fake$${fundPassword}` : null},
                  ${randomBytes(8).toString('hex')}) RETURNING id`,
      ),
    );
    return BigInt(row!.id);
  }

  function service() {
    const control = controlledHasher();
    const fundPasswords = new FundPasswordGuard(control.hasher);
    const passwords = createPasswordService({ db: t.db, hasher: control.hasher, fundPasswords });
    /** setFundPassword with the new password typed twice and the given proof (login or old fund password). */
    const setFund = (userId: bigint, proof: { login_password?: string; old_fund_password?: string }, next: string) =>
      passwords.setFundPassword(userId, { ...proof, password: next, password2: next } as never);
    return { ...control, passwords, setFund };
  }

  const storedFundHash = async (userId: bigint) =>
    (await t.db.tx((tx) => readPasswordHashes(tx, userId)))?.fundPasswordHash ?? null;

  it('first fund password: the new hash runs while the login password is checked, saved after both', async () => {
    const { setFund, events, finishHashes } = service();
    const userId = await insertUser();
    const saving = setFund(userId, { login_password: 'login secret' }, '246802');
    await settle();
    expect(events).toEqual(['hash 246802 started', 'verify login secret']);
    expect(await storedFundHash(userId)).toBeNull();
    finishHashes();
    await saving;
    expect(await storedFundHash(userId)).toBe('fake$246802');
  });

  it('a wrong login password is refused without waiting for the hash, and nothing is saved', async () => {
    const { setFund, events, finishHashes } = service();
    const userId = await insertUser();
    const refused = keyOf(setFund(userId, { login_password: 'not mine' }, '246802'));
    // The hash never finishes before the refusal: the refusal does not wait for it.
    expect(await refused).toBe('login_password_wrong');
    expect(events).toEqual(['hash 246802 started', 'verify not mine']);
    finishHashes();
    await settle();
    expect(await storedFundHash(userId)).toBeNull();
  });

  it('past 10 login-password attempts a call is refused before any hash starts', async () => {
    const { passwords, setFund, events, finishHashes } = service();
    const userId = await insertUser();
    for (let i = 0; i < 10; i += 1) {
      const attempt = keyOf(
        passwords.changePassword(userId, { old_password: 'wrong', password: 'new secret 1' } as never),
      );
      expect(await attempt).toBe('original_password_wrong');
    }
    finishHashes();
    events.length = 0;
    expect(await keyOf(setFund(userId, { login_password: 'login secret' }, '246802'))).toBe('too_frequent');
    expect(events).toEqual([]);
  });

  it('changing the fund password: the hash runs during the old one’s check; a locked user starts none', async () => {
    const { setFund, events, finishHashes } = service();
    const userId = await insertUser('135790');
    const changing = setFund(userId, { old_fund_password: '135790' }, '246802');
    await settle();
    // (The row is not read here: the transaction that checked the old password is open, waiting for the hash, and
    // PGlite has one connection.)
    expect(events).toEqual(['hash 246802 started', 'verify 135790']);
    finishHashes();
    await changing;
    expect(await storedFundHash(userId)).toBe('fake$246802');

    for (let i = 0; i < 5; i += 1)
      expect(await keyOf(setFund(userId, { old_fund_password: '000000' }, '111111'))).toBe('fund_password_wrong');
    finishHashes();
    events.length = 0;
    expect(await keyOf(setFund(userId, { old_fund_password: '246802' }, '111111'))).toBe('fund_password_locked');
    expect(events).toEqual([]);
    expect(await storedFundHash(userId)).toBe('fake$246802');
  });
});
