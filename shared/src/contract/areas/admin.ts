/**
 * Area /admin/: the back-office API under /api/vue/admin/ (roles live in the database; the is-admin
 * header grants nothing; every call is marked `admin`). Operators review and configure; no call can
 * type a price, a profit or a balance. A correction is a labelled, reversible ledger posting the user
 * sees in fund records.
 */
import { z } from 'zod';
import { currencyCode, multilineString, plainString, positiveAmount } from '../common';
import { empty, idAnswer, idField } from '../fields';
import { imageAnswer, imageRequest } from './user';

/** The review lists answer raw rows (the back office renders their columns). */
const anyList = z.object({ list: z.array(z.record(z.string(), z.unknown())), total: z.number().int() });

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

export const ADMIN_ENDPOINTS = {
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
    data: empty,
    summary: 'Approve (credits the ledger) or reject a deposit',
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
    data: empty,
    summary: 'Approve (pays out) or reject (unfreezes) a withdrawal',
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
    data: empty,
    summary: 'Edit a site config entry',
  },
  adminRate: {
    path: '/admin/rate',
    auth: true,
    admin: true,
    request: rateSetRequest,
    data: empty,
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
    data: idAnswer,
    summary: 'A labelled, reversible ledger correction',
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
    request: adminListRequest,
    data: anyList,
    summary: 'The append-only audit log',
  },
} as const;
