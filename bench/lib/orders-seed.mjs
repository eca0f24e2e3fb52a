/** The orders bench's database: traders seeded directly, without the server's HTTP surface. */
import { createHash, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/**
 * Seeds `count` verified traders through the built server's own database layer (migrations included):
 * each with a session, a risk acknowledgement and 10^12 JPY. Answers their account, session token and
 * ids (user, JPY account, fee revenue shard).
 */
export async function seedTraders(root, databaseConfig, count) {
  const { openDatabase } = require(path.join(root, 'server/dist/db/database.js'));
  const { migrate } = require(path.join(root, 'server/dist/db/migrate.js'));
  const db = await openDatabase(databaseConfig);
  try {
    await migrate(db);
    return await db.rawTx(async (s) => {
      const [bank] = await s.query("SELECT id FROM ledger_accounts WHERE house_name = 'bank' AND currency = 'JPY'");
      const traders = [];
      for (let i = 0; i < count; i += 1) {
        const account = `07${String(i).padStart(8, '0')}`;
        const token = randomBytes(32).toString('base64url');
        const [user] = await s.query(
          'INSERT INTO users (account, email, password_hash, invite_code, realname_status) ' +
            "VALUES ($1, 'bench@example.com', 'x', $2, 'verified') RETURNING id",
          [account, `B${randomBytes(6).toString('hex')}`],
        );
        await s.query(
          "INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '1 day')",
          [createHash('sha256').update(token).digest('hex'), user.id],
        );
        await s.query("INSERT INTO risk_acknowledgements (user_id, kind, version) VALUES ($1, 'leverage', 1)", [
          user.id,
        ]);
        const [acct] = await s.query(
          "INSERT INTO ledger_accounts (user_id, currency) VALUES ($1, 'JPY') RETURNING id",
          [user.id],
        );
        const [txn] = await s.query(
          "INSERT INTO journal_transactions (kind, reference) VALUES ('deposit', 'BENCH') RETURNING id",
        );
        await s.query(
          'INSERT INTO journal_entries (transaction_id, account_id, currency, amount) ' +
            "VALUES ($1, $2, 'JPY', -1000000000000), ($1, $3, 'JPY', 1000000000000)",
          [txn.id, bank.id, acct.id],
        );
        const [shard] = await s.query(
          'SELECT id FROM ledger_accounts WHERE user_id IS NULL ' +
            "AND house_name = 'fee_revenue_' || ($1::bigint % 16) AND currency = 'JPY'",
          [user.id],
        );
        traders.push({
          account,
          token,
          userId: String(user.id),
          accountId: String(acct.id),
          revenueId: String(shard.id),
        });
      }
      return traders;
    });
  } finally {
    await db.close();
  }
}
