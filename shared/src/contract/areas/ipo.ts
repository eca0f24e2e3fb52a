/**
 * Area /ipo/: new shares (spec §2 `/home/newShare*`, §3 New share, §4 new share and subscriber states).
 * Lifecycle, lottery and what is published when: docs/decisions/0016-new-share-lottery.md.
 *
 * An issue's `state` comes from the clock (never typed): not_started before `opens_at`, to_subscribe
 * while the window is open, subscribing from `closes_at` until `listing_at` (draw, then payment), ended
 * from `listing_at` (or once withdrawn). Tabs: toSubscribe = not_started + to_subscribe, subscribing,
 * ended. Market price and premium come from the market data once listed; hit rate = allotted ÷ applied
 * units after the draw; none of them can be typed by an operator.
 *
 * A subscription (`newShareApplication`), `status` as spec §3 "1 counted" (its money is frozen):
 *   1 awaiting_draw  quantity × subscription price held
 *   1 won            drawn with allotted > 0: payment due by pay_deadline (confirm or decline)
 *   1 subscribed     confirmed: allotted × issue price stays held until the listing turns it into a
 *                    1× long holding at the issue price (then status 4: counted in the holding's cost)
 *   2 not_won        drawn with nothing allotted: hold released ("funds returned")
 *   3 abstained      declined, or no answer by pay_deadline: hold released
 *   4 subscribed     listed: the holding is in positions
 *   5 failed         the issue was withdrawn: hold released
 * `rjmoney` is the amount counted in frozen (status 1), otherwise '-' (spec §3: '-' means 0).
 */
import { z } from 'zod';
import { decimalString, langField, marketType, plainString } from '../common';
import { idField } from '../fields';
import { riskAckAnswer, riskAckRequest, riskDisclosure, riskDisclosureRequest } from './trade';

export const NEW_SHARE_STATES = ['not_started', 'to_subscribe', 'subscribing', 'ended'] as const;
export const newShareState = z.enum(NEW_SHARE_STATES);
export const NEW_SHARE_TABS = ['toSubscribe', 'subscribing', 'ended'] as const;
export const APPLICATION_STATES = ['awaiting_draw', 'won', 'subscribed', 'not_won', 'abstained', 'failed'] as const;
export const applicationState = z.enum(APPLICATION_STATES);

const pageField = z.coerce.number({ error: 'field_invalid' }).int('field_invalid').min(1, 'field_invalid').default(1);
const sizeField = (max: number, fallback: number) =>
  z.coerce
    .number({ error: 'field_invalid' })
    .int('field_invalid')
    .min(1, 'field_invalid')
    .max(max, 'field_invalid')
    .default(fallback);
/** A whole number of shares as a string ("100"). */
export const shareCount = plainString('quantity_required')
  .trim()
  .min(1, 'quantity_required')
  .regex(/^0*[1-9]\d{0,11}$/, 'field_invalid');
const fundPassword = plainString('fund_password_required').min(1, 'fund_password_required').max(128, 'field_invalid');

/** An issue with every field of spec §3 New share. Times are ISO instants. */
export const newShareIssue = z.object({
  id: z.number().int(),
  code: z.string(),
  /** In the reader's language (`lang`). */
  name: z.string(),
  market: marketType,
  currency: z.string(),
  /** Price per share held at subscription (the offer price fixed by book-building; equals issue_price). */
  subscription_price: decimalString,
  /** Offer (issue) price per share: what an allotted share costs and the holding's buy price. */
  issue_price: decimalString,
  /** Last price from the market data once listed, else null. */
  market_price: decimalString.nullable(),
  /** (market price − issue price) ÷ issue price in percent, 2 decimals; null until listed. */
  premium: decimalString.nullable(),
  /** Price/earnings ratio from the prospectus (null when not disclosed). */
  pe: decimalString.nullable(),
  /** Subscription cap (upper limit) per user, in shares. */
  subscription_cap: z.string(),
  /** Shares per lot: a subscription is a whole number of lots. */
  lot_size: z.number().int(),
  /** Issue size: shares on offer. */
  issue_size: z.string(),
  /** Allotted ÷ applied units in percent, 2 decimals; null until drawn. */
  hit_rate: decimalString.nullable(),
  underwriter: z.string(),
  lockup_days: z.number().int(),
  opens_at: z.string(),
  closes_at: z.string(),
  draw_at: z.string(),
  pay_deadline: z.string(),
  listing_at: z.string(),
  distribution_at: z.string(),
  state: newShareState,
  /** Whether the draw ran. */
  drawn: z.boolean(),
  /** Withdrawn by the issuer (shown as ended; every subscription failed and was released). */
  withdrawn: z.boolean(),
  /** SHA-256 of the draw seed (hex), published when the window opens; null before. */
  seed_hash: z.string().nullable(),
});

/** The reader's own subscription to an issue. */
export const newShareApplication = z.object({
  id: z.number().int(),
  order_no: z.string(),
  issue_id: z.number().int(),
  code: z.string(),
  name: z.string(),
  market: marketType,
  currency: z.string(),
  /** The anonymised application number published with the draw (find your own line there). */
  application_no: z.number().int(),
  /** Subscribed quantity (shares) and units (lots). */
  quantity: z.string(),
  units: z.number().int(),
  /** Allotted (winning) shares; null until drawn. */
  allotted_quantity: z.string().nullable(),
  subscription_price: decimalString,
  issue_price: decimalString,
  /** Subscribed amount = subscription price × quantity (held until the draw). */
  amount: decimalString,
  /** Amount paid on confirmation = issue price × allotted quantity; null until confirmed. */
  paid_amount: decimalString.nullable(),
  /** Spec §3: the amount counted in frozen (status 1), '-' otherwise. */
  rjmoney: z.union([decimalString, z.literal('-')]),
  status: z.number().int(),
  state: applicationState,
  /** The issue's state (from the clock) and times the screens need. */
  issue_state: newShareState,
  pay_deadline: z.string(),
  listing_at: z.string(),
  lockup_days: z.number().int(),
  created_at: z.string(),
  drawn_at: z.string().nullable(),
  /** When the user confirmed or declined, or the deadline passed. */
  answered_at: z.string().nullable(),
  /**
   * The application's own contribution to the draw (ADR 0016, equal-lot-lottery/2) = SHA-256 of
   * "<device part>:<server part>": the device part made by the investor's browser (null when none was
   * sent), the server part drawn at the subscription. Null for subscriptions from before the contributions.
   */
  device_contribution: z.string().nullable().default(null),
  server_contribution: z.string().nullable().default(null),
  contribution: z.string().nullable().default(null),
});

/** /ipo/list: issues of one market in a tab, newest window first. */
export const newShareListRequest = z.object({
  type: marketType.default('jpy'),
  tab: z.enum(NEW_SHARE_TABS, { error: 'field_invalid' }).default('toSubscribe'),
  page: pageField,
  size: sizeField(50, 20),
  lang: langField,
});
export const newShareListAnswer = z.object({ list: z.array(newShareIssue), total: z.number().int() });

/** /ipo/info: the issue, the reader's subscription (if any) and the draw's verification data. */
export const newShareInfoRequest = z.object({ id: idField, lang: langField });
export const newShareVerification = z.object({
  /** SHA-256 (hex) of the seed, published at window open; null before. */
  seed_hash: z.string().nullable(),
  /** The seed (64 hex characters), published after the draw; null before. */
  seed: z.string().nullable(),
  /** Algorithm identifier, e.g. "equal-lot-lottery/1" (see algorithm_description and ADR 0016). */
  algorithm: z.string(),
  algorithm_description: z.string(),
  /** Units (lots) on offer = issue size ÷ lot size. */
  units_offered: z.number().int(),
  /** Counts once the window closed (null before). */
  applications: z.number().int().nullable(),
  units_applied: z.number().int().nullable(),
  /** After the draw (null before). */
  units_allotted: z.number().int().nullable(),
  drawn_at: z.string().nullable(),
  /** The Merkle root of every application, sealed and published at the close (null before; v1 draws: null). */
  list_root: z.string().nullable().default(null),
  list_sealed_at: z.string().nullable().default(null),
  list_size: z.number().int().nullable().default(null),
  /** SHA-256 of "<seed>:<list_root>": the seed the tickets used (after the draw; null before and for v1). */
  final_seed: z.string().nullable().default(null),
});
/** One step of a Merkle inclusion proof: the sibling's hash and its side. */
export const proofStep = z.object({ side: z.enum(['left', 'right']), hash: z.string() });
/** The reader's application under the sealed list's root: its index in canonical order and the path up. */
export const newShareInclusion = z.object({
  leaf_index: z.number().int(),
  path: z.array(proofStep),
});
export const newShareInfoAnswer = z.object({
  issue: newShareIssue,
  application: newShareApplication.nullable(),
  verification: newShareVerification,
  /** Once the list is sealed: the proof that the reader's application is in it (null otherwise). */
  inclusion: newShareInclusion.nullable().default(null),
});

/**
 * /ipo/draw: the published draw, after it ran (before: `draw_not_published`): every anonymised
 * application number with its units applied and allotted, by application number; with the seed and
 * units on offer anyone can recompute it (shared `lottery`).
 */
export const newShareDrawRequest = z.object({ id: idField, page: pageField, size: sizeField(1000, 500) });
export const drawLine = z.object({
  application_no: z.number().int(),
  units: z.number().int(),
  allotted_units: z.number().int(),
  /** The application's contribution (a leaf of the sealed list); null for old subscriptions and v1 draws. */
  contribution: z.string().nullable().default(null),
});
export const newShareDrawAnswer = z.object({
  list: z.array(drawLine),
  total: z.number().int(),
  seed: z.string(),
  seed_hash: z.string(),
  /** The list's Merkle root published at the close (null: an equal-lot-lottery/1 draw). */
  list_root: z.string().nullable().default(null),
  algorithm: z.string(),
  units_offered: z.number().int(),
  lot_size: z.number().int(),
});

/**
 * /ipo/subscribe (idempotent): quantity in shares, a multiple of the lot and at most the cap. Refusals:
 * not_subscription_time {opens, closes}, new_share_once, quantity_not_lot_multiple {lot},
 * subscription_cap_exceeded {cap}, insufficient_balance, fund password refusals, realname_required,
 * risk_disclosure_required (the new-share disclosure, /ipo/riskDisclosure), new_share_not_found.
 */
export const newShareSubscribeRequest = z.object({
  id: idField,
  quantity: shareCount,
  fund_password: fundPassword,
  /**
   * The device part of the application's contribution: 32 random bytes the browser made, as 64 lowercase
   * hex characters (optional; the server mixes in its own part either way).
   */
  contribution: z
    .string()
    .regex(/^[0-9a-f]{64}$/, 'field_invalid')
    .optional(),
  /** Language of the stock name in the answer. */
  lang: langField,
});
/** /ipo/confirm (idempotent, fund password): pay the allotment; /ipo/decline (idempotent): abstain. */
export const newShareConfirmRequest = z.object({ id: idField, fund_password: fundPassword, lang: langField });
export const newShareDeclineRequest = z.object({ id: idField, lang: langField });

export type NewShareIssue = z.infer<typeof newShareIssue>;
export type NewShareApplication = z.infer<typeof newShareApplication>;

export const IPO_ENDPOINTS = {
  newShareList: {
    path: '/ipo/list',
    auth: true,
    request: newShareListRequest,
    data: newShareListAnswer,
    summary: 'New-share issues of one market by tab (to subscribe, subscribing, ended)',
  },
  newShareInfo: {
    path: '/ipo/info',
    auth: true,
    request: newShareInfoRequest,
    data: newShareInfoAnswer,
    summary: 'One issue with every field, the reader’s subscription and the draw’s verification data',
  },
  newShareDraw: {
    path: '/ipo/draw',
    auth: true,
    request: newShareDrawRequest,
    data: newShareDrawAnswer,
    summary: 'The published draw: anonymised application numbers with units applied and allotted',
  },
  newShareSubscribe: {
    path: '/ipo/subscribe',
    auth: true,
    request: newShareSubscribeRequest,
    data: newShareApplication,
    idempotent: true,
    summary: 'Subscribe once to an open issue (price × quantity held until the draw)',
  },
  newShareConfirm: {
    path: '/ipo/confirm',
    auth: true,
    request: newShareConfirmRequest,
    data: newShareApplication,
    idempotent: true,
    summary: 'Confirm (pay for) an allotment by the payment deadline; the rest of the hold is released',
  },
  newShareDecline: {
    path: '/ipo/decline',
    auth: true,
    request: newShareDeclineRequest,
    data: newShareApplication,
    idempotent: true,
    summary: 'Decline an allotment (abstained; the hold is released)',
  },
  newShareRiskDisclosure: {
    path: '/ipo/riskDisclosure',
    auth: true,
    request: riskDisclosureRequest,
    data: riskDisclosure,
    summary: 'The current new-share risk disclosure in the requested language, and whether it was acknowledged',
  },
  newShareRiskAck: {
    path: '/ipo/riskAck',
    auth: true,
    request: riskAckRequest,
    data: riskAckAnswer,
    summary: 'Acknowledge the current new-share risk disclosure version (stored with its time)',
  },
} as const;
