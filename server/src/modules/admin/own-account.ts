/**
 * Separation of duties (issue 33 point 1; docs/decisions/0026-back-office-roles-and-four-eyes.md, amendments
 * 2026-12-01 and 2026-12-02): nobody decides anything about their own account, and no role decides about the account
 * of an equal or higher role (issue 34 point 4: an operator froze an administrator). One rule,
 * `assertMayDecideAbout`, called inside the transaction of every operator decision once the decision's subject
 * account is known (so a refusal rolls the whole decision back: nothing moved), answering `review_own_account` or
 * `review_equal_role`.
 *
 * The two lists below sort every /admin/ endpoint of ENDPOINTS: those that decide about one account (and call the
 * rule) and those that do not. separation-of-duties.test.ts requires each admin endpoint to be in exactly one of them
 * and proves both refusals for every decision, so a new admin endpoint cannot forget the rule.
 */
import { sql } from 'drizzle-orm';
import type { AdminEndpointName, AdminRole } from 'shared/contract';
import type { Tx } from '../../db/database';
import { queryRows } from '../../db/query';
import { BusinessError } from '../../errors';

/**
 * The rank of each back-office role. An investor without a role ranks 0. Reviewers, operators and auditors are
 * staff of one rank: none of them is above another (their duties differ, their standing does not), so a reviewer
 * never reviews an operator's deposit and an operator never freezes a reviewer. Administrators rank above staff;
 * an administrator's own account is decided by nobody in the back office (no rank is above it): its role is revoked
 * first (`cli.js revoke-role`, run by whoever runs the servers, audited), and the account is then decided as any
 * investor's.
 */
export const ROLE_RANK: Readonly<Record<AdminRole, number>> = { reviewer: 1, operator: 1, auditor: 1, admin: 2 };

/** The highest rank among `roles` (0 for none). */
export function rankOf(roles: readonly AdminRole[]): number {
  return roles.reduce((rank, role) => Math.max(rank, ROLE_RANK[role]), 0);
}

/** Whether an actor of `actorRoles` may decide about the account of a holder of `ownerRoles` (own accounts aside). */
export function outranks(actorRoles: readonly AdminRole[], ownerRoles: readonly AdminRole[]): boolean {
  const owner = rankOf(ownerRoles);
  return owner === 0 || rankOf(actorRoles) > owner;
}

/**
 * Refuses `review_own_account` when the operator deciding is the account the decision is about, and
 * `review_equal_role` when that account holds a back-office role of the operator's rank or above. Both roles are
 * read in the decision's transaction (a role granted or revoked a moment ago counts). Call it inside the decision's
 * transaction, before (or with) the guarded change.
 */
export async function assertMayDecideAbout(
  tx: Tx,
  actorId: bigint,
  ownerUserId: bigint | number | string,
): Promise<void> {
  const owner = BigInt(ownerUserId);
  if (owner === BigInt(actorId)) throw new BusinessError('review_own_account');
  const rows = await queryRows<{ user_id: string; role: AdminRole }>(
    tx,
    sql`SELECT user_id::text AS user_id, role FROM admin_roles WHERE user_id IN (${actorId}, ${owner})`,
  );
  const rolesOf = (id: bigint) => rows.filter((row) => BigInt(row.user_id) === id).map((row) => row.role);
  if (!outranks(rolesOf(BigInt(actorId)), rolesOf(owner))) throw new BusinessError('review_equal_role');
}

/** The admin endpoints that decide about one account: each calls assertMayDecideAbout with that account. */
export const ACCOUNT_DECISIONS = [
  'adminDepositReview',
  'adminWithdrawalReview',
  'adminRealnameReview',
  'adminLoanReview',
  'adminBlockReview',
  'adminDayTradeReview',
  'adminUserFlags',
  // Submitting a correction (its account) and approving one (the four-eyes request's subject).
  'adminCorrection',
  // Any four-eyes request whose subject account is the approver's (four_eyes_requests.subject_user_id).
  'adminApprove',
] as const satisfies readonly AdminEndpointName[];

/**
 * The admin endpoints that decide nothing about one account: reads, exports, and catalogue changes that apply to
 * everyone alike (config, rates, news, offerings; these always need a second administrator anyway).
 */
export const NOT_ACCOUNT_DECISIONS = [
  'adminMe',
  'adminDeposits',
  'adminWithdrawals',
  'adminRealnames',
  'adminLoans',
  'adminUsers',
  'adminUserDetail',
  'adminImage',
  'adminAudit',
  'adminAuditCsv',
  'adminApprovals',
  'adminConfig',
  'adminRate',
  'adminNews',
  'adminNewShares',
  'adminNewShareCreate',
  'adminNewShareEdit',
  'adminNewShareWithdraw',
  'adminNewShareDraw',
  'adminCopyProducts',
  'adminCopyProductCreate',
  'adminCopyProductOffShelf',
  'adminBlockCreate',
  'adminBlockClose',
  'adminBlockListings',
  'adminBlockApplications',
  'adminDayTrades',
] as const satisfies readonly AdminEndpointName[];

export type AccountDecision = (typeof ACCOUNT_DECISIONS)[number];
