import '../testing/setup';
import { sql } from 'drizzle-orm';
import { BusinessError } from '../errors';
import { testBackends, type TestDatabase } from '../testing/backends';
import { openDatabase, type Database } from './database';
import { isUniqueViolation, refuseDuplicate } from './errors';

/**
 * The drivers' own errors, not a fake: a second row under a named unique index is read by isUniqueViolation with
 * its constraint, and refuseDuplicate answers the refusal, on each backend.
 */
describe.each(testBackends())('refuseDuplicate with the $name driver', (backend) => {
  let testDb: TestDatabase | undefined;
  let db: Database | undefined;
  beforeAll(async () => {
    testDb = await backend.open({ empty: true });
    db = await openDatabase(testDb.config);
    await db.tx(async (tx) => {
      await tx.execute(sql`CREATE TABLE pendings (user_id int NOT NULL, status text NOT NULL)`);
      await tx.execute(sql`CREATE UNIQUE INDEX pendings_one_pending ON pendings (user_id) WHERE status = 'pending'`);
    });
  });
  afterAll(async () => {
    await db?.close();
    await testDb?.cleanup();
  });

  const insert = (userId: number) => () =>
    db!.tx(async (tx) => {
      await tx.execute(sql`INSERT INTO pendings (user_id, status) VALUES (${userId}, 'pending')`);
      return userId;
    });

  it('reads the violation and its constraint through drizzle', async () => {
    await insert(1)();
    const error = await insert(1)().then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(error, 'pendings_one_pending')).toBe(true);
    expect(isUniqueViolation(error, 'another_constraint')).toBe(false);
  });

  it('refuses the second row with the key; a violation of another constraint is the error as thrown', async () => {
    await expect(refuseDuplicate(insert(2), 'order_under_review', 'pendings_one_pending')).resolves.toBe(2);
    const refused = refuseDuplicate(insert(2), 'order_under_review', 'pendings_one_pending');
    await expect(refused).rejects.toBeInstanceOf(BusinessError);
    await expect(refuseDuplicate(insert(2), 'order_under_review')).rejects.toMatchObject({ key: 'order_under_review' });
    const other = refuseDuplicate(insert(2), 'order_under_review', 'another_constraint');
    await expect(other).rejects.not.toBeInstanceOf(BusinessError);
  });
});
