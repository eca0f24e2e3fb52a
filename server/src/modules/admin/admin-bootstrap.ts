/**
 * Creating the first administrator (start-up from ADMIN_ACCOUNT + ADMIN_PASSWORD, and the CLI
 * `create-admin`) and granting back-office roles (CLI `grant-role`, test fixtures). Idempotent: an
 * existing admin is left as it is; an existing account without the 'admin' role in admin_roles is
 * promoted; a missing one is created with it. The password of an existing account changes
 * only when asked (the CLI asks; the start-up bootstrap never does, so a restart cannot undo a
 * password change). Every outcome but "unchanged" is written to the audit log (actor: system).
 */
import { registerRequest, type AdminRole } from 'shared/contract';
import type { Database } from '../../db/database';
import type { PasswordHasher } from '../../security/password';
import { passwordRefusal } from '../../security/password-policy';
import { newInviteCode } from '../../security/tokens';
import { recordAudit } from '../audit/audit-service';
import { openUserAccounts } from '../ledger/ledger-repository';
import { setPasswordHash } from '../passwords/passwords-repository';
import { deleteUserSessions } from '../sessions/sessions-repository';
import { insertUser, lockUserRoleByAccount } from '../users/users-repository';
import { deleteAdminRole, insertAdminRole, selectAdminRoles } from './admin-roles-repository';

export type AdminOutcome = 'created' | 'promoted' | 'password_reset' | 'unchanged';

export async function ensureAdmin(
  db: Database,
  hasher: PasswordHasher,
  input: { account: string; password: string; resetPassword: boolean },
): Promise<AdminOutcome> {
  const check = registerRequest.safeParse({
    account: input.account,
    email: 'admin@example.com',
    password: input.password,
    password2: input.password,
    agree: '1',
  });
  if (!check.success)
    throw new Error(
      `invalid administrator: ${check.error.issues[0]?.message ?? 'invalid'} ` +
        '(account: ten digits; password: at least 8 characters)',
    );
  // The rule of every new login password (security/password-policy.ts); the placeholder e-mail is no context word.
  const refusal = passwordRefusal(input.password, { account: input.account, email: '' });
  if (refusal) throw new Error(`invalid administrator: ${refusal} (see docs/decisions/0032-password-policy.md)`);
  const passwordHash = await hasher.hash(input.password);
  return db.tx(async (tx) => {
    const row = await lockUserRoleByAccount(tx, input.account);
    if (!row) {
      const created = await insertUser(tx, {
        account: input.account,
        email: 'admin@example.com',
        passwordHash,
        inviteCode: newInviteCode(),
        invitedBy: null,
      });
      if (created === undefined) throw new Error('administrator account appeared concurrently; run again');
      await openUserAccounts(tx, created);
      await insertAdminRole(tx, { userId: created, role: 'admin', grantedBy: null });
      await recordAudit(tx, { actorId: null, action: 'admin.create', target: `user:${input.account}` });
      return 'created';
    }
    const userId = row.id;
    let outcome: AdminOutcome = 'unchanged';
    if (!(await selectAdminRoles(tx, userId)).includes('admin')) {
      await insertAdminRole(tx, { userId, role: 'admin', grantedBy: null });
      await recordAudit(tx, {
        actorId: null,
        action: 'admin.promote',
        target: `user:${input.account}`,
        after: { roles: ['admin'] },
      });
      outcome = 'promoted';
    }
    if (input.resetPassword) {
      await setPasswordHash(tx, userId, passwordHash);
      await deleteUserSessions(tx, userId);
      await recordAudit(tx, { actorId: null, action: 'admin.password_reset', target: `user:${input.account}` });
      if (outcome === 'unchanged') outcome = 'password_reset';
    }
    return outcome;
  });
}

/**
 * Grants a back-office role to an existing account (the system grants it: CLI `grant-role`, test fixtures).
 * Answers 'granted', 'unchanged' (already held) or 'not_found'. Audited as 'admin.grant'.
 */
export async function grantRole(
  db: Database,
  input: { account: string; role: AdminRole; grantedBy?: bigint | null },
): Promise<'granted' | 'unchanged' | 'not_found'> {
  return db.tx(async (tx) => {
    const row = await lockUserRoleByAccount(tx, input.account);
    if (!row) return 'not_found';
    const before = await selectAdminRoles(tx, row.id);
    if (!(await insertAdminRole(tx, { userId: row.id, role: input.role, grantedBy: input.grantedBy ?? null })))
      return 'unchanged';
    await recordAudit(tx, {
      actorId: input.grantedBy ?? null,
      action: 'admin.grant',
      target: `user:${input.account}`,
      before: { roles: before },
      after: { roles: await selectAdminRoles(tx, row.id) },
    });
    return 'granted';
  });
}

/**
 * Revokes a back-office role from an account (CLI `revoke-role`, run by whoever runs the servers). It is the way an
 * administrator's own account becomes decidable in the back office (no role outranks an administrator:
 * modules/admin/own-account.ts): revoke, then another administrator decides it as any investor's. The account's
 * next /admin/ call is refused (roles are read from the database on every call). Answers 'revoked', 'unchanged'
 * (not held) or 'not_found'. Audited as 'admin.revoke'.
 */
export async function revokeRole(
  db: Database,
  input: { account: string; role: AdminRole },
): Promise<'revoked' | 'unchanged' | 'not_found'> {
  return db.tx(async (tx) => {
    const row = await lockUserRoleByAccount(tx, input.account);
    if (!row) return 'not_found';
    const before = await selectAdminRoles(tx, row.id);
    if (!(await deleteAdminRole(tx, { userId: row.id, role: input.role }))) return 'unchanged';
    await recordAudit(tx, {
      actorId: null,
      action: 'admin.revoke',
      target: `user:${input.account}`,
      before: { roles: before },
      after: { roles: await selectAdminRoles(tx, row.id) },
    });
    return 'revoked';
  });
}
