/**
 * Area /admin/ (new-share part): the back office creates an issue, edits it only before its window
 * opens (new_share_not_editable after), withdraws it (every subscription fails and is released) and
 * starts its draw once the window closed (new_share_window_open before). No field types a market
 * price, a premium, a hit rate or an allotment: those come from the market data and the lottery
 * (docs/decisions/0016-new-share-lottery.md). Every call is marked `admin` and audited.
 */
import { z } from 'zod';
import { marketType, plainString, positiveAmount } from '../common';
import { fourEyesWaiting, idField } from '../fields';
import { newShareIssue } from './ipo';

/** An ISO instant with its zone ("2026-12-01T00:00:00Z", "2026-12-01T09:00+09:00"). */
const instant = plainString('field_invalid')
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/, 'field_invalid')
  .refine((v) => !Number.isNaN(Date.parse(v)), 'field_invalid');
const wholeNumber = (max: number) =>
  z.coerce.number({ error: 'field_invalid' }).int('field_invalid').min(0, 'field_invalid').max(max, 'field_invalid');
const positiveShares = plainString('field_invalid')
  .trim()
  .regex(/^0*[1-9]\d{0,11}$/, 'field_invalid');
const nameField = plainString('field_invalid').trim().min(1, 'field_invalid').max(100, 'field_invalid');

/**
 * The issue's facts from its prospectus. Times must be in order: opens_at < closes_at ≤ draw_at <
 * pay_deadline ≤ listing_at ≤ distribution_at (new_share_dates_invalid). The cap and the issue size are
 * whole lots (quantity_not_lot_multiple {lot}); at most 10 000 lots per subscription.
 */
export const newShareIssueFields = z.object({
  market: marketType,
  code: plainString('field_invalid')
    .trim()
    .regex(/^[A-Za-z0-9.]{1,12}$/, 'field_invalid'),
  name_zh: nameField,
  name_en: nameField,
  name_ja: nameField,
  /** The offer price fixed by book-building (per share, in the market's currency). */
  price: positiveAmount(),
  pe: z
    .string()
    .trim()
    .regex(/^\d{1,6}(\.\d{1,2})?$/, 'field_invalid')
    .optional(),
  lot_size: z.coerce.number({ error: 'field_invalid' }).int('field_invalid').min(1, 'field_invalid').max(10000),
  subscription_cap: positiveShares,
  issue_size: positiveShares,
  underwriter: plainString('field_invalid').trim().min(1, 'field_invalid').max(100, 'field_invalid'),
  lockup_days: wholeNumber(3650).default(0),
  opens_at: instant,
  closes_at: instant,
  draw_at: instant,
  pay_deadline: instant,
  listing_at: instant,
  distribution_at: instant,
});
export const newShareEditRequest = newShareIssueFields.extend({ id: idField });
export const newShareWithdrawRequest = z.object({
  id: idField,
  reason: plainString().trim().min(4, 'field_invalid').max(200, 'field_invalid'),
});
export const newShareIdRequest = z.object({ id: idField });
export const adminNewShareListRequest = z.object({
  page: z.coerce.number({ error: 'field_invalid' }).int('field_invalid').min(1, 'field_invalid').default(1),
});
export const adminNewShareListAnswer = z.object({ list: z.array(newShareIssue), total: z.number().int() });
/**
 * What a draw did: units on offer, applied and allotted, applications won and lost; and the chain that fixed it, as
 * /ipo/info's verification names it (ADR 0016, equal-lot-lottery/2): the seed's hash committed at window open, the
 * list's Merkle root sealed at the close, the seed revealed at the draw and the final seed SHA-256("<seed>:<root>")
 * the tickets used (root and final seed null for an equal-lot-lottery/1 draw; seed and final seed null if not drawn).
 */
export const drawSummary = z.object({
  issue_id: z.number().int(),
  /** False when the issue was already drawn (a second call does nothing). */
  drawn_now: z.boolean(),
  applications: z.number().int(),
  units_offered: z.number().int(),
  units_applied: z.number().int(),
  units_allotted: z.number().int(),
  winners: z.number().int(),
  seed_hash: z.string(),
  list_root: z.string().nullable().default(null),
  seed: z.string().nullable().default(null),
  final_seed: z.string().nullable().default(null),
  algorithm: z.string(),
});

export const ADMIN_IPO_ENDPOINTS = {
  adminNewShares: {
    path: '/admin/newShares',
    auth: true,
    admin: true,
    request: adminNewShareListRequest,
    data: adminNewShareListAnswer,
    summary: 'Every new-share issue, newest first (withdrawn ones too)',
  },
  adminNewShareCreate: {
    path: '/admin/newShareCreate',
    auth: true,
    admin: true,
    request: newShareIssueFields,
    data: fourEyesWaiting,
    outcome: newShareIssue,
    summary: 'Create a new-share issue (its draw seed is generated; the hash is published at window open)',
  },
  adminNewShareEdit: {
    path: '/admin/newShareEdit',
    auth: true,
    admin: true,
    request: newShareEditRequest,
    data: fourEyesWaiting,
    outcome: newShareIssue,
    summary: 'Edit an issue before its subscription window opens',
  },
  adminNewShareWithdraw: {
    path: '/admin/newShareWithdraw',
    auth: true,
    admin: true,
    request: newShareWithdrawRequest,
    data: fourEyesWaiting,
    outcome: newShareIssue,
    summary: 'Withdraw an issue before listing: every subscription fails and its hold is released',
  },
  adminNewShareDraw: {
    path: '/admin/newShareDraw',
    auth: true,
    admin: true,
    request: newShareIdRequest,
    data: fourEyesWaiting,
    outcome: drawSummary,
    summary: 'Run an issue’s draw now (after its window closed; a drawn issue is left as it is)',
  },
} as const;
