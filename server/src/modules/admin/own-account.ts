/**
 * Separation of duties (issue 33 point 1; docs/decisions/0026-back-office-roles-and-four-eyes.md, amendment
 * 2026-12-01): nobody decides anything about their own account. One rule, `assertNotOwnAccount`, called inside the
 * transaction of every operator decision once the decision's subject account is known (so a refusal rolls the
 * whole decision back: nothing moved), answering `review_own_account`.
 *
 * The two lists below sort every /admin/ endpoint of ENDPOINTS: those that decide about one account (and call the
 * rule) and those that do not. own-account.test.ts requires each admin endpoint to be in exactly one of them and
 * proves the refusal for every decision, so a new admin endpoint cannot forget the rule.
 */
import type { AdminEndpointName } from 'shared/contract';
import { BusinessError } from '../../errors';

/**
 * Refuses `review_own_account` when the operator deciding is the account the decision is about. Call it inside the
 * decision's transaction, before (or with) the guarded change.
 */
export function assertNotOwnAccount(actorId: bigint, ownerUserId: bigint | number | string): void {
  if (BigInt(ownerUserId) === BigInt(actorId)) throw new BusinessError('review_own_account');
}

/** The admin endpoints that decide about one account: each calls assertNotOwnAccount with that account. */
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
