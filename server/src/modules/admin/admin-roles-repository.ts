/**
 * Data access for back-office roles (table admin_roles, 0019_admin_roles_and_audit.sql). users.role is
 * derived from these rows by a trigger; nothing here writes it.
 */
import { sql } from 'drizzle-orm';
import type { AdminRole } from 'shared/contract';
import type { Tx } from '../../db/database';
import { queryRows } from '../../db/query';

/** Grants a role; answers false when the user already held it (nothing written). */
export async function insertAdminRole(
  tx: Tx,
  grant: { userId: bigint; role: AdminRole; grantedBy: bigint | null },
): Promise<boolean> {
  const rows = await queryRows<{ user_id: bigint }>(
    tx,
    sql`
    INSERT INTO admin_roles (user_id, role, granted_by) VALUES (${grant.userId}, ${grant.role}, ${grant.grantedBy})
    ON CONFLICT (user_id, role) DO NOTHING RETURNING user_id`,
  );
  return rows.length > 0;
}

/** Revokes a role; answers false when the user did not hold it (nothing written). */
export async function deleteAdminRole(tx: Tx, revoke: { userId: bigint; role: AdminRole }): Promise<boolean> {
  const rows = await queryRows<{ user_id: bigint }>(
    tx,
    sql`DELETE FROM admin_roles WHERE user_id = ${revoke.userId} AND role = ${revoke.role} RETURNING user_id`,
  );
  return rows.length > 0;
}

/** The roles a user holds, in a stable order. */
export async function selectAdminRoles(tx: Tx, userId: bigint): Promise<AdminRole[]> {
  const rows = await queryRows<{ role: AdminRole }>(
    tx,
    sql`SELECT role FROM admin_roles WHERE user_id = ${userId} ORDER BY role`,
  );
  return rows.map((row) => row.role);
}
