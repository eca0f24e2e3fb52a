import '../../testing/setup';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/database';
import { queryRows } from '../../db/query';
import { BusinessError } from '../../errors';
import { testBackends } from '../../testing/backends';
import { useMigratedDatabase } from '../../testing/database';
import { runIdempotent } from './money-tx';

let sequence = 0;
async function newUser(tx: Tx): Promise<bigint> {
  sequence += 1;
  const account = `07${String(process.pid % 10_000).padStart(4, '0')}${String(sequence).padStart(4, '0')}`;
  const [row] = await queryRows<{ id: bigint }>(
    tx,
    sql`INSERT INTO users (account, email, password_hash, invite_code)
        VALUES (${account}, 'm@example.com', 'x', ${`M${account}`}) RETURNING id`,
  );
  return BigInt(row!.id);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testBackends())('runIdempotent on $name', (backend) => {
  const suite = useMigratedDatabase(backend);
  let db: Database;
  beforeAll(() => {
    db = suite.db;
  });

  it('a copy in flight that left this call no fund-password try: this call replays its answer', async () => {
    const userId = await db.tx(newUser);
    const call = { userId, key: `twin-${sequence}-a`, endpoint: '/user/withdraw', payload: { amount: '30000' } };
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    let firstRuns = 0;
    // The first call owns the key, then finds no try left (its copy holds one): refused, its key rolled back.
    const first = runIdempotent(db, call, async () => {
      firstRuns += 1;
      entered();
      await sleep(150);
      throw new BusinessError('fund_password_locked', { values: { until: '2026-12-02T00:00:00.000Z' } });
    });
    await inside;
    // The copy, waiting on the key meanwhile, had its try: it runs and answers.
    const copy = runIdempotent(db, call, async () => ({ msg: 'withdraw_success', data: { order_no: 'W1' } }));
    await expect(copy).resolves.toEqual({ msg: 'withdraw_success', data: { order_no: 'W1' } });
    await expect(first).resolves.toEqual({ msg: 'withdraw_success', data: { order_no: 'W1' } });
    expect(firstRuns).toBe(1);
  });

  it('a real lock stays a lock, and leaves the key free', async () => {
    const userId = await db.tx(newUser);
    const call = { userId, key: `twin-${sequence}-b`, endpoint: '/user/withdraw', payload: { amount: '30000' } };
    let runs = 0;
    await expect(
      runIdempotent(db, call, async () => {
        runs += 1;
        throw new BusinessError('fund_password_locked');
      }),
    ).rejects.toMatchObject({ key: 'fund_password_locked' });
    expect(runs).toBe(3);
    await expect(runIdempotent(db, call, async () => ({ msg: 'ok' }))).resolves.toEqual({ msg: 'ok' });
  });

  it('any other refusal, and any call without a key, is answered at once', async () => {
    const userId = await db.tx(newUser);
    let runs = 0;
    const wrong = async () => {
      runs += 1;
      throw new BusinessError('fund_password_wrong');
    };
    const keyed = { userId, key: `twin-${sequence}-c`, endpoint: '/user/withdraw', payload: {} };
    await expect(runIdempotent(db, keyed, wrong)).rejects.toMatchObject({ key: 'fund_password_wrong' });
    expect(runs).toBe(1);
    runs = 0;
    const locked = async () => {
      runs += 1;
      throw new BusinessError('fund_password_locked');
    };
    await expect(runIdempotent(db, { ...keyed, key: undefined }, locked)).rejects.toMatchObject({
      key: 'fund_password_locked',
    });
    expect(runs).toBe(1);
  });
});
