/**
 * Back-office roles and the one table of what each may call (issue 14). The server enforces it on every
 * `/api/vue/admin/` call from the roles stored in the database (never from the `is-admin` header); mf-admin
 * reads the same table to show only what the signed-in operator may do.
 *
 * - reviewer: decides the review queues (deposits, withdrawals, identity checks, loans, block-trade and
 *   day-trade applications) and reads users.
 * - operator: manages catalogues and settings (new-share issues and their draw, block listings, copy-trading
 *   products, rates, site config, news), user flags and labelled corrections.
 * - auditor: reads everything, changes nothing (lists, users, images, the audit log and its export).
 * - admin: every route (the seeded first administrator; grants roles to others).
 *
 * Four-eyes: a withdrawal above the configured amount, a correction and a catalogue change take effect only
 * when a second, different administrator approves them.
 */
export const ADMIN_ROLES = ['reviewer', 'operator', 'auditor', 'admin'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/** Roles that may read a route (every back-office role reads). */
const READ: readonly AdminRole[] = ['reviewer', 'operator', 'auditor', 'admin'];
const REVIEW: readonly AdminRole[] = ['reviewer', 'admin'];
const OPERATE: readonly AdminRole[] = ['operator', 'admin'];

/**
 * Every back-office endpoint (by its name in ENDPOINTS) and the roles allowed to call it. An endpoint marked
 * `admin` that is missing here is refused to everyone (endpoints.test.ts checks the two lists agree).
 */
export const ADMIN_PERMISSIONS = {
  adminMe: READ,
  adminDeposits: READ,
  adminDepositReview: REVIEW,
  adminWithdrawals: READ,
  adminWithdrawalReview: REVIEW,
  adminRealnames: READ,
  adminRealnameReview: REVIEW,
  adminLoans: READ,
  adminLoanReview: REVIEW,
  adminUsers: READ,
  adminUserDetail: READ,
  /** The reason (4–200 characters) is stored and shown to the user in an inbox message and in getUserinfo. */
  adminUserFlags: OPERATE,
  adminConfig: OPERATE,
  adminRate: OPERATE,
  adminNews: OPERATE,
  adminCorrection: OPERATE,
  adminImage: READ,
  adminAudit: ['auditor', 'admin'],
  adminAuditCsv: ['auditor', 'admin'],
  adminApprovals: READ,
  /** The approver must also hold a role that may call the request's own endpoint (checked by the server). */
  adminApprove: ['reviewer', 'operator', 'admin'],
  adminNewShares: READ,
  adminNewShareCreate: OPERATE,
  adminNewShareEdit: OPERATE,
  adminNewShareWithdraw: OPERATE,
  adminNewShareDraw: OPERATE,
  adminCopyProducts: READ,
  adminCopyProductCreate: OPERATE,
  adminCopyProductOffShelf: OPERATE,
  adminBlockCreate: OPERATE,
  adminBlockClose: OPERATE,
  adminBlockListings: READ,
  adminBlockApplications: READ,
  adminBlockReview: REVIEW,
  adminDayTrades: READ,
  adminDayTradeReview: REVIEW,
} as const satisfies Record<string, readonly AdminRole[]>;
export type AdminEndpointName = keyof typeof ADMIN_PERMISSIONS;

/** Whether any of `roles` may call the endpoint `name` (false for a name not in the table). */
export function adminMayCall(roles: readonly string[], name: string): boolean {
  const allowed: readonly string[] | undefined = (ADMIN_PERMISSIONS as Record<string, readonly AdminRole[]>)[name];
  return allowed !== undefined && roles.some((role) => allowed.includes(role));
}
