/**
 * Area /block/: block trades (spec §2 /home/large*, /home/largeInfo, /home/largeQc; §3 Block trade;
 * §4 review), and their back-office calls under /admin/ (BLOCK_ADMIN_ENDPOINTS). Design and rules:
 * docs/decisions/0017-block-trades.md.
 *
 * A listing offers `total_lots` lots of one listed stock at a fixed `block_price` until `deadline`, to
 * users who know its channel password. The live price and the discount/premium come from the market
 * data, never typed. Variants: `standard`; `dividend` (a block sold ahead of the stock's next dividend
 * record date: record date and dividend per share from the issuer's declared dividends, paid to the
 * holding on the record date); `financing` (part of the cost financed by the house: the financed share
 * and annual rate come from site config, the holding is leveraged like a margin position).
 *
 * Applying: lots + channel password + fund password. Refusals: block_trade_closed (deadline passed,
 * closed or withdrawn), block_min_lots {min}, insufficient_buy_quota {left}, channel_password_wrong
 * {left} (tries left today), channel_password_locked {until} (5 wrong tries per user per listing lock
 * it for the rest of the market-local day), order_under_review (an application of this listing is
 * already waiting), insufficient_balance, fund_password_*, realname_required, risk_disclosure_required
 * (financing). The cost is a ledger hold counted in frozen funds as a pending order (`pending_frozen`
 * of /trade/userstocklist) until review: approved → a long holding at the block price in
 * /trade/userstocklist (cost = the same money); rejected → hold released, reason in the inbox.
 */
import { z } from 'zod';
import { decimalString, langField, marketType, plainString, positiveAmount } from '../common';
import { empty, fourEyesWaiting, idAnswer, idField } from '../fields';
import { reviewRequest } from './admin';
import { stockCode } from './stock';

export const BLOCK_VARIANTS = ['standard', 'dividend', 'financing'] as const;
export const blockVariant = z.enum(BLOCK_VARIANTS, { error: 'field_invalid' });
export const BLOCK_APPLICATION_STATES = ['pending', 'approved', 'rejected'] as const;
export const blockApplicationState = z.enum(BLOCK_APPLICATION_STATES);

const page = z.coerce.number({ error: 'field_invalid' }).int('field_invalid').min(1, 'field_invalid').default(1);
const size = z.coerce
  .number({ error: 'field_invalid' })
  .int('field_invalid')
  .min(1, 'field_invalid')
  .max(50, 'field_invalid')
  .default(20);
/** A whole number of lots sent as a form field. */
const lotsField = (requiredKey: string) =>
  z
    .string({ error: requiredKey })
    .trim()
    .min(1, requiredKey)
    .regex(/^0*[1-9]\d{0,8}$/, 'field_invalid')
    .transform(Number);

/**
 * /block/list: listings of one market (`type`, default jpy; omitted → all markets) and one variant,
 * open ones first (nearest deadline first), then closed ones (latest deadline first).
 */
export const blockListRequest = z.object({
  type: marketType.optional(),
  variant: blockVariant.default('standard'),
  state: z.enum(['open', 'closed', 'all'], { error: 'field_invalid' }).default('all'),
  page,
  size,
  lang: langField,
});

/** One listing: every field the stock tab and the detail show. */
export const blockListing = z.object({
  id: z.number().int(),
  code: z.string(),
  /** The stock's name in the reader's language. */
  name: z.string(),
  market: marketType,
  currency: z.string(),
  variant: blockVariant,
  block_price: decimalString,
  /** Last price from the market data (null when it has none). */
  live_price: decimalString.nullable(),
  /** (block − live) ÷ live in percent, 2 decimals: negative is a discount, positive a premium. */
  premium_pct: decimalString.nullable(),
  /** Shares per lot (spec §9: one lot is one share unless the listing says otherwise). */
  lot_size: z.number().int(),
  min_lots: z.number().int(),
  total_lots: z.number().int(),
  lots_left: z.number().int(),
  /** block_price × lot_size, in the listing's currency. */
  lot_cost: decimalString,
  /** Cost of the minimum application. */
  min_cost: decimalString,
  /** ISO instant after which no application is taken. */
  deadline: z.string(),
  state: z.enum(['open', 'closed']),
  /** Why it is closed: the deadline passed, every lot is taken, or the back office closed or withdrew it. */
  closed_reason: z.enum(['deadline', 'sold_out', 'closed', 'withdrawn']).nullable(),
  /** Dividend variant: the record date (market-local YYYY-MM-DD) and the declared dividend per share. */
  record_date: z.string().nullable(),
  dividend_per_share: decimalString.nullable(),
  /** Financing variant: the share of the cost financed (percent), its annual rate (percent), the leverage. */
  financed_pct: decimalString.nullable(),
  financing_rate_pct: decimalString.nullable(),
  financing_days: z.number().int().nullable(),
  leverage: z.number().int(),
  /**
   * The resale rule (issue 35): calendar days after approval during which the holding cannot be sold (0: none), and
   * the market-local date (YYYY-MM-DD) an application approved today could first be sold (the lock-up or China's
   * T+1, whichever is later; null: at once).
   */
  lockup_days: z.number().int(),
  sellable_from_if_approved_today: z.string().nullable(),
  /** Whether the user's applications to it are locked by wrong channel passwords, and until when (ISO). */
  locked_until: z.string().nullable(),
  simulated: z.boolean(),
});
export const blockListAnswer = z.object({ list: z.array(blockListing), total: z.number().int() });

export const blockInfoRequest = z.object({ id: idField, lang: langField });

/** /block/apply (idempotent: send an Idempotency-Key header; a retry answers the first application). */
export const blockApplyRequest = z.object({
  id: idField,
  lots: lotsField('lots_required'),
  channel_password: plainString('channel_password_required')
    .min(1, 'channel_password_required')
    .max(64, 'field_invalid'),
  fund_password: plainString('fund_password_required').min(1, 'fund_password_required').max(128, 'field_invalid'),
});

/**
 * /block/apply's answer (msg block_applied): the application's id and order number and the money it froze, as the
 * result sheet shows them. `held` is the amount, or for financing the user's part plus the financing fee.
 */
export const blockApplied = z.object({
  id: z.number().int(),
  order_no: z.string(),
  lots: z.number().int(),
  shares: z.string(),
  amount: decimalString,
  held: decimalString,
  currency: z.string(),
});

/** /block/applications: the user's applications, newest first, filtered by variant, market and status. */
export const blockApplicationsRequest = z.object({
  variant: blockVariant.optional(),
  type: marketType.optional(),
  status: z.enum(['pending', 'approved', 'rejected', 'all'], { error: 'field_invalid' }).default('all'),
  page,
  size,
  lang: langField,
});

/** One application with the money it holds and, once reviewed, its result. */
export const blockApplication = z.object({
  id: z.number().int(),
  order_no: z.string(),
  listing_id: z.number().int(),
  code: z.string(),
  name: z.string(),
  market: marketType,
  currency: z.string(),
  variant: blockVariant,
  lots: z.number().int(),
  lot_size: z.number().int(),
  /** Shares = lots × lot size. */
  shares: z.string(),
  block_price: decimalString,
  /** lots × lot size × block price. */
  amount: decimalString,
  /** The money frozen while pending: the amount, or for financing the user's part plus the financing fee. */
  held: decimalString,
  /** Financing variant: the part financed by the house and the fee for the financing days (else null). */
  financed_amount: decimalString.nullable(),
  financing_fee: decimalString.nullable(),
  leverage: z.number().int(),
  status: blockApplicationState,
  /** Why it was rejected (null otherwise). */
  reason: z.string().nullable(),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
  /** The holding it became once approved (its order in /trade/userstocklist). */
  position_id: z.number().int().nullable(),
  /** The listing's lock-up in calendar days, and once approved the market-local date the holding may be sold. */
  lockup_days: z.number().int(),
  sellable_from: z.string().nullable(),
  record_date: z.string().nullable(),
  dividend_per_share: decimalString.nullable(),
  /** Dividend paid to this holding on the record date (null until paid). */
  dividend_paid: decimalString.nullable(),
});
export const blockApplicationsAnswer = z.object({ list: z.array(blockApplication), total: z.number().int() });
export const blockApplicationInfoRequest = z.object({ id: idField, lang: langField });

/** Back office: a new listing. The live price, dividend and financing terms are never typed here. */
export const blockCreateRequest = z.object({
  code: stockCode,
  market: marketType.default('jpy'),
  variant: blockVariant.default('standard'),
  block_price: positiveAmount(),
  min_lots: lotsField('lots_required'),
  total_lots: lotsField('lots_required'),
  lot_size: lotsField('field_invalid').optional(),
  /** ISO instant with offset, e.g. 2026-12-01T15:00:00+09:00. */
  deadline: plainString('field_invalid')
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/, 'field_invalid'),
  /** Stored hashed (scrypt, as login passwords). */
  channel_password: plainString('channel_password_required')
    .min(4, 'channel_password_required')
    .max(64, 'field_invalid'),
});
/** Back office: close a listing to new applications, or withdraw it (every pending application rejected). */
export const blockCloseRequest = z.object({
  id: idField,
  action: z.enum(['close', 'withdraw'], { error: 'field_invalid' }).default('close'),
  reason: plainString().trim().max(200, 'field_invalid').optional().default(''),
});
export const blockAdminListRequest = z.object({
  status: z.enum(['pending', 'approved', 'rejected', 'all'], { error: 'field_invalid' }).default('pending'),
  listing_id: idField.optional(),
  page,
});
export const blockAdminListingsRequest = z.object({
  state: z.enum(['open', 'closed', 'all'], { error: 'field_invalid' }).default('all'),
  page,
});
const anyList = z.object({ list: z.array(z.record(z.string(), z.unknown())), total: z.number().int() });

export type BlockListing = z.infer<typeof blockListing>;
export type BlockApplication = z.infer<typeof blockApplication>;
export type BlockApplied = z.infer<typeof blockApplied>;

export const BLOCK_ENDPOINTS = {
  blockList: {
    path: '/block/list',
    auth: true,
    request: blockListRequest,
    data: blockListAnswer,
    summary: 'Block-trade listings of a market and variant with live price, discount/premium and lots left',
  },
  blockInfo: {
    path: '/block/info',
    auth: true,
    request: blockInfoRequest,
    data: blockListing,
    summary: 'One block-trade listing',
  },
  blockApply: {
    path: '/block/apply',
    auth: true,
    request: blockApplyRequest,
    data: blockApplied,
    idempotent: true,
    summary: 'Apply for lots of a listing with its channel password (cost frozen, pending review)',
  },
  blockApplications: {
    path: '/block/applications',
    auth: true,
    request: blockApplicationsRequest,
    data: blockApplicationsAnswer,
    summary: 'The user’s block-trade applications (pending, approved, rejected with reason), by variant',
  },
  blockApplicationInfo: {
    path: '/block/applicationInfo',
    auth: true,
    request: blockApplicationInfoRequest,
    data: blockApplication,
    summary: 'One of the user’s block-trade applications',
  },
} as const;

export const BLOCK_ADMIN_ENDPOINTS = {
  adminBlockCreate: {
    path: '/admin/blockCreate',
    auth: true,
    admin: true,
    request: blockCreateRequest,
    data: fourEyesWaiting,
    outcome: idAnswer,
    summary: 'Create a block-trade listing (channel password stored hashed)',
  },
  adminBlockClose: {
    path: '/admin/blockClose',
    auth: true,
    admin: true,
    request: blockCloseRequest,
    data: fourEyesWaiting,
    outcome: empty,
    summary: 'Close a listing to new applications, or withdraw it (pending applications rejected, holds released)',
  },
  adminBlockListings: {
    path: '/admin/blockListings',
    auth: true,
    admin: true,
    request: blockAdminListingsRequest,
    data: anyList,
    summary: 'Block-trade listings with lots taken and pending',
  },
  adminBlockApplications: {
    path: '/admin/blockApplications',
    auth: true,
    admin: true,
    request: blockAdminListRequest,
    data: anyList,
    summary: 'Block-trade applications to review',
  },
  adminBlockReview: {
    path: '/admin/blockReview',
    auth: true,
    admin: true,
    request: reviewRequest,
    data: empty,
    summary: 'Approve (a holding at the block price) or reject (hold released, reason in the inbox)',
  },
} as const;
