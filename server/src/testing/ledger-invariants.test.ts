import './setup';
import { sql } from 'drizzle-orm';
import { testBackends } from './backends';
import { insertFundedTrader, useMigratedDatabase } from './database';
import { expectLedgerInvariants, ledgerViolations, userLedgerAccount } from './ledger-invariants';

describe.each(testBackends())('the ledger invariants of the property tests on $name', (backend) => {
  const database = useMigratedDatabase(backend);

  it('counts the violations of the ledger and of a module, in one snapshot', async () => {
    const user = await insertFundedTrader(database.db, '100');
    await expectLedgerInvariants(database.db);
    expect(await ledgerViolations(database.db, { fundedUsers: sql`SELECT count(*) FROM users` })).toEqual({
      unbalanced: 0,
      negative: 0,
      drift: 0,
      fundedUsers: 1,
    });
    expect(await userLedgerAccount(database.db, user)).toEqual({ available: '100.00000000', held: '0.00000000' });
  });
});
