/**
 * Operator commands, run next to (not inside) the server:
 *
 *   node server/dist/cli.js create-admin <account> <password>
 *   npm run create-admin -w server -- <account> <password>
 *   node server/dist/cli.js grant-role <account> <reviewer|operator|auditor|admin>
 *   node server/dist/cli.js revoke-role <account> <reviewer|operator|auditor|admin>
 *
 * Uses the same database as the server: DATABASE_URL, else embedded PGlite in DATA_DIR (default
 * ./data from where the command was started, as `npm start` does). With PGlite the server must be
 * stopped first: the data directory's lock file refuses a second process. Creates the account with
 * the admin role, promotes an existing account, and (re)sets its password; written to the audit log.
 * `grant-role` gives an existing account one back-office role (audited as admin.grant); `revoke-role` takes one away
 * (audited as admin.revoke): no role outranks an administrator, so an administrator's own account is decided in the
 * back office only after its role is revoked (modules/admin/own-account.ts).
 *
 * Both print a one-time enrolment code when the account has no confirmed second factor yet (issue 33 point 2;
 * modules/admin/enrol-codes.ts): its first sign-in enrols an authenticator only with that code, not with the
 * password alone. Printed once, stored hashed, valid 24 hours (on TEST_CLOCK_START's clock when set, as the
 * server's), single use; running either command again prints a new one and the old one stops working.
 */
import path from 'node:path';
import { openDatabase, type DatabaseConfig } from './db/database';
import { migrate } from './db/migrate';
import { clockFromEnv } from './clock';
import { issueEnrolCode } from './modules/admin/enrol-codes';
import { ADMIN_ROLES, type AdminRole } from 'shared/contract';
import { ensureAdmin, grantRole, revokeRole } from './modules/admin/admin-bootstrap';
import { createPasswordHasher } from './security/password';

const USAGE =
  'usage: cli.js create-admin <account (10 digits)> <password (at least 8 characters, not a common one)>\n' +
  `       cli.js grant-role <account> <${ADMIN_ROLES.join('|')}>\n` +
  `       cli.js revoke-role <account> <${ADMIN_ROLES.join('|')}>`;

function databaseFromEnv(env: NodeJS.ProcessEnv): DatabaseConfig {
  if (env.DATABASE_URL) return { kind: 'postgres', url: env.DATABASE_URL };
  // npm run -w server runs in server/; INIT_CWD is where the operator typed the command.
  return { kind: 'pglite', dataDir: path.resolve(env.INIT_CWD ?? process.cwd(), env.DATA_DIR ?? 'data') };
}

export async function runCli(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  out: (line: string) => void = console.log,
): Promise<number> {
  const [command, account, password] = argv;
  const isRole = (role: string | undefined): role is AdminRole => ADMIN_ROLES.includes(role as AdminRole);
  if (
    !['create-admin', 'grant-role', 'revoke-role'].includes(command ?? '') ||
    !account ||
    !password ||
    argv.length !== 3 ||
    (command !== 'create-admin' && !isRole(password))
  ) {
    out(USAGE);
    return 2;
  }
  const now = clockFromEnv(env) ?? (() => new Date());
  const db = await openDatabase(databaseFromEnv(env));
  // The one-time code of the account's first enrolment, printed once (never logged or stored in clear).
  const printEnrolCode = async () => {
    const issued = await issueEnrolCode(db, { account, now: now() });
    if (issued.kind === 'issued')
      out(
        `one-time enrolment code for ${account} (first sign-in, single use, valid until ` +
          `${issued.expiresAt.toISOString()}): ${issued.code}`,
      );
    else if (issued.kind === 'not_needed') out(`${account} has a second factor: no enrolment code needed`);
  };
  try {
    await migrate(db);
    if (command === 'revoke-role' && isRole(password)) {
      const revoked = await revokeRole(db, { account, role: password });
      out(`role ${password} for ${account}: ${revoked.replace('_', ' ')}`);
      return revoked === 'not_found' ? 1 : 0;
    }
    if (command === 'grant-role' && isRole(password)) {
      const granted = await grantRole(db, { account, role: password });
      out(`role ${password} for ${account}: ${granted.replace('_', ' ')}`);
      if (granted === 'not_found') return 1;
      await printEnrolCode();
      return 0;
    }
    const outcome = await ensureAdmin(db, createPasswordHasher(), { account, password, resetPassword: true });
    out(`administrator ${account}: ${outcome.replace('_', ' ')}`);
    await printEnrolCode();
    return 0;
  } finally {
    await db.close();
  }
}

if (require.main === module) {
  runCli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
