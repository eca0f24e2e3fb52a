/**
 * Area /admin/: the back-office API under /api/vue/admin/ (roles live in the database; the is-admin
 * header grants nothing; every call is marked `admin`). Operators review and configure; no call can
 * type a price, a profit or a balance. A correction is a labelled, reversible ledger posting the user
 * sees in fund records.
 */
import { z } from 'zod';
import { currencyCode, multilineString, plainString, positiveAmount } from '../common';
import { empty, fourEyesWaiting, idAnswer, idField } from '../fields';
import { ADMIN_ROLES } from '../admin-roles';
import { imageAnswer, imageRequest } from './user';

/** The review lists answer raw rows (the back office renders their columns). */
const anyList = z.object({ list: z.array(z.record(z.string(), z.unknown())), total: z.number().int() });

/**
 * Every review (deposit, withdrawal, identity, loan, block trade, day trade). Refusals: not_found,
 * review_already_done (no longer pending; answered first), reject_reason_required (a reject with a
 * missing or blank reason: nothing changes).
 */
export const reviewRequest = z.object({
  id: idField,
  action: z.enum(['approve', 'reject'], { error: 'field_invalid' }),
  reason: plainString().trim().max(200, 'field_invalid').optional().default(''),
});
export const adminListRequest = z.object({
  status: z.enum(['pending', 'approved', 'rejected', 'all']).default('pending'),
  page: z.coerce.number().int().min(1).default(1),
});
export const userFlagsRequest = z.object({
  account: z.string().regex(/^\d{10}$/, 'account_format'),
  banned: z.enum(['0', '1']).optional(),
  frozen: z.enum(['0', '1']).optional(),
  trade_disabled: z.enum(['0', '1']).optional(),
  /** Why: stored with the flags and shown to the user (inbox message, /user/getUserinfo restriction_reason). */
  reason: plainString('reason_required').trim().min(4, 'reason_required').max(200, 'field_invalid'),
});
export const configSetRequest = z.object({
  name: z.string().regex(/^[a-z_][a-z0-9_]{0,63}$/, 'field_invalid'),
  value: multilineString().max(4000, 'field_invalid'),
});
export const rateSetRequest = z
  .object({
    from: currencyCode,
    to: currencyCode,
    rate: positiveAmount(),
    spread: z.string().regex(/^0(\.\d{1,6})?$/, 'field_invalid'),
  })
  .refine((v) => v.from !== v.to, { message: 'same_currency', path: ['to'] });
export const newsSetRequest = z.object({
  id: z.coerce.number().int().positive().optional(),
  lang: z.enum(['zh-CN', 'en', 'ja'], { error: 'field_invalid' }),
  title: plainString().trim().min(1, 'field_invalid').max(200, 'field_invalid'),
  summary: multilineString().trim().max(500, 'field_invalid').default(''),
  body: multilineString().trim().min(1, 'field_invalid').max(20000, 'field_invalid'),
});
/**
 * A correction: a labelled posting (reason required) that a later correction can reverse. To
 * reverse one, name its order number in `reverses` with the same account and currency and the
 * opposite amount; a correction is reversed at most once.
 */
export const correctionRequest = z.object({
  account: z.string().regex(/^\d{10}$/, 'account_format'),
  currency: currencyCode,
  amount: z
    .string()
    .regex(/^-?\d+(\.\d{1,8})?$/, 'amount_invalid')
    .refine((v) => /[1-9]/.test(v), 'amount_invalid'),
  reason: plainString().trim().min(4, 'field_invalid').max(200, 'field_invalid'),
  reverses: z
    .string()
    .trim()
    .regex(/^C\d{22}$/, 'field_invalid')
    .optional(),
});

/** A day (`2026-11-24`, UTC) or an instant with its zone; `from` is inclusive, `to` exclusive (a day: its end). */
const auditTime = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/, 'field_invalid')
  .refine((v) => !Number.isNaN(Date.parse(v)), 'field_invalid');
/**
 * Search of the audit log: every filter optional and combined with AND. `actor`: the operator's account;
 * `action`: exact (`withdrawal.approve`) or a prefix up to a dot (`withdrawal`); `target`: exact
 * (`withdrawal:W…`, `user:0901234567`).
 */
export const auditFilters = z.object({
  actor: z
    .string()
    .trim()
    .regex(/^\d{10}$/, 'account_format')
    .optional(),
  action: z
    .string()
    .trim()
    .regex(/^[a-z_]+(\.[a-z_]+)*$/, 'field_invalid')
    .max(64, 'field_invalid')
    .optional(),
  target: plainString().trim().min(1, 'field_invalid').max(128, 'field_invalid').optional(),
  from: auditTime.optional(),
  to: auditTime.optional(),
});
export const adminAuditRequest = auditFilters.extend({ page: z.coerce.number().int().min(1).default(1) });
/** The CSV export: the matching entries, newest first, at most 10 000 rows (`truncated` says when cut). */
export const adminAuditCsvData = z.object({
  filename: z.string(),
  csv: z.string(),
  rows: z.number().int(),
  truncated: z.boolean(),
});

/**
 * Four-eyes: an action that needs a second administrator (a withdrawal approval above the configured amount, a
 * correction) answers `four_eyes_waiting` with `four_eyes_id` instead of running; the action's own fields are then
 * absent. A different administrator whose roles may call the action decides it with /admin/approve.
 */
const fourEyesId = z.number().int().optional();
export const reviewAnswer = z.object({ four_eyes_id: fourEyesId });
export const correctionAnswer = z.object({
  id: z.number().int().optional(),
  order_no: z.string().optional(),
  four_eyes_id: fourEyesId,
});
export const approvalsRequest = z.object({
  status: z.enum(['pending', 'approved', 'rejected', 'all'], { error: 'field_invalid' }).default('pending'),
  page: z.coerce.number().int().min(1).default(1),
});
export const approveRequest = z.object({
  id: idField,
  action: z.enum(['approve', 'reject'], { error: 'field_invalid' }),
  reason: plainString().trim().max(200, 'field_invalid').optional().default(''),
});
/** The decided request; after an approval, `outcome` is the action's answer ({msg, data}). */
export const approveAnswer = z.object({
  id: z.number().int(),
  status: z.enum(['approved', 'rejected']),
  outcome: z.record(z.string(), z.unknown()).nullable(),
});

/** /admin/me: the signed-in operator, the roles stored for them and the endpoints those roles may call. */
export const adminMeData = z.object({
  account: z.string(),
  roles: z.array(z.enum(ADMIN_ROLES)),
  /** Endpoint names (ADMIN_PERMISSIONS keys) the roles allow, for the console to show only what works. */
  allowed: z.array(z.string()),
});
export type AdminMe = z.infer<typeof adminMeData>;

export const ADMIN_ENDPOINTS = {
  adminMe: {
    path: '/admin/me',
    auth: true,
    admin: true,
    request: empty,
    data: adminMeData,
    summary: 'The signed-in operator, their roles and what they may call',
  },
  adminDeposits: {
    path: '/admin/deposits',
    auth: true,
    admin: true,
    request: adminListRequest,
    data: anyList,
    summary: 'Deposits to review',
  },
  adminDepositReview: {
    path: '/admin/depositReview',
    auth: true,
    admin: true,
    request: reviewRequest,
    data: reviewAnswer,
    summary:
      'Approve (credits the ledger; above the four-eyes amount or the operator’s daily total a second ' +
      'administrator must approve) or reject a deposit',
  },
  adminWithdrawals: {
    path: '/admin/withdrawals',
    auth: true,
    admin: true,
    request: adminListRequest,
    data: anyList,
    summary: 'Withdrawals to review',
  },
  adminWithdrawalReview: {
    path: '/admin/withdrawalReview',
    auth: true,
    admin: true,
    request: reviewRequest,
    data: reviewAnswer,
    summary:
      'Approve (pays out; above the four-eyes amount a second administrator must approve) or reject a withdrawal',
  },
  adminRealnames: {
    path: '/admin/realnames',
    auth: true,
    admin: true,
    request: adminListRequest,
    data: anyList,
    summary: 'Identity checks to review',
  },
  adminRealnameReview: {
    path: '/admin/realnameReview',
    auth: true,
    admin: true,
    request: reviewRequest,
    data: empty,
    summary: 'Approve or reject an identity check',
  },
  adminLoans: {
    path: '/admin/loans',
    auth: true,
    admin: true,
    request: adminListRequest,
    data: anyList,
    summary: 'Loans to review',
  },
  adminLoanReview: {
    path: '/admin/loanReview',
    auth: true,
    admin: true,
    request: reviewRequest,
    data: empty,
    summary: 'Approve (pays out, debt rises) or reject a loan',
  },
  adminUserFlags: {
    path: '/admin/userFlags',
    auth: true,
    admin: true,
    request: userFlagsRequest,
    data: empty,
    summary: 'Ban, freeze or disable trading for a user',
  },
  adminConfig: {
    path: '/admin/config',
    auth: true,
    admin: true,
    request: configSetRequest,
    data: fourEyesWaiting,
    outcome: empty,
    summary: 'Edit a site config entry',
  },
  adminRate: {
    path: '/admin/rate',
    auth: true,
    admin: true,
    request: rateSetRequest,
    data: fourEyesWaiting,
    outcome: empty,
    summary: 'Edit an exchange rate and spread',
  },
  adminNews: {
    path: '/admin/news',
    auth: true,
    admin: true,
    request: newsSetRequest,
    data: idAnswer,
    summary: 'Create or edit a news item',
  },
  adminCorrection: {
    path: '/admin/correction',
    auth: true,
    admin: true,
    request: correctionRequest,
    data: correctionAnswer,
    summary: 'A labelled, reversible ledger correction (runs when a second administrator approves it)',
  },
  adminApprovals: {
    path: '/admin/approvals',
    auth: true,
    admin: true,
    request: approvalsRequest,
    data: anyList,
    summary: 'Four-eyes requests waiting for (or decided by) a second administrator',
  },
  adminApprove: {
    path: '/admin/approve',
    auth: true,
    admin: true,
    request: approveRequest,
    data: approveAnswer,
    summary: 'A second, different administrator approves (runs the action once) or rejects a four-eyes request',
  },
  adminImage: {
    path: '/admin/image',
    auth: true,
    admin: true,
    request: imageRequest,
    data: imageAnswer,
    summary: 'Any uploaded image (data URL); the view is audited',
  },
  adminAudit: {
    path: '/admin/audit',
    auth: true,
    admin: true,
    request: adminAuditRequest,
    data: anyList,
    summary: 'The append-only audit log (who, roles, what, when, IP, before/after), searchable',
  },
  adminAuditCsv: {
    path: '/admin/auditCsv',
    auth: true,
    admin: true,
    request: auditFilters,
    data: adminAuditCsvData,
    summary: 'The audit log entries matching the filters as CSV text (RFC 4180, UTF-8), the export is audited',
  },
} as const;
