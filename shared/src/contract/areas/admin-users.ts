/**
 * Area /admin/ (issue 14, users): search users by account and read one user's detail — profile and flags,
 * balances per currency from the ledger, pending holds, recent postings, positions and orders, inbox. Reads
 * only: no call here types a balance (a correction is /admin/correction). Viewing a detail is audited.
 */
import { z } from 'zod';
import { decimalString, langField } from '../common';
import { userFlagsRequest } from './admin';

const account = z.string().regex(/^\d{10}$/, 'account_format');

/** `q`: an account prefix (1–10 digits; 10 digits is exact); empty lists every user, newest first. */
export const adminUsersRequest = z.object({
  q: z
    .string()
    .trim()
    .regex(/^\d{0,10}$/, 'field_invalid')
    .default(''),
  page: z.coerce.number().int().min(1).default(1),
});
export const adminUserRow = z.object({
  account: z.string(),
  email: z.string(),
  realname_status: z.enum(['none', 'pending', 'verified', 'failed']),
  banned: z.boolean(),
  frozen: z.boolean(),
  trade_disabled: z.boolean(),
  created_at: z.string(),
});
export const adminUsersData = z.object({ list: z.array(adminUserRow), total: z.number().int() });

/** `lang`: the language the inbox messages are rendered in (the operator's). */
export const adminUserDetailRequest = z.object({ account, lang: langField });

/** One currency's ledger account: available + held = total (held: pending holds, e.g. open orders, withdrawals). */
const balance = z.object({ currency: z.string(), available: decimalString, held: decimalString, total: decimalString });
const hold = z.object({
  id: z.number().int(),
  currency: z.string(),
  amount: decimalString,
  reason: z.string(),
  reference: z.string().nullable(),
  created_at: z.string(),
});
const posting = z.object({
  id: z.number().int(),
  currency: z.string(),
  amount: decimalString,
  kind: z.string(),
  reference: z.string().nullable(),
  memo: z.string().nullable(),
  created_at: z.string(),
});
const position = z.object({
  order_no: z.string(),
  market: z.string(),
  code: z.string(),
  name: z.string(),
  direction: z.string(),
  price_type: z.string(),
  stock_num: decimalString,
  buy_price: decimalString,
  sell_price: decimalString.nullable(),
  realised_pnl: decimalString.nullable(),
  /** positions.status: 0 holding, 1 closing, 2 closed, 3 pending order, 4 cancelled order. */
  status: z.number().int(),
  created_at: z.string(),
});
const message = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  read: z.boolean(),
  created_at: z.string(),
});

export const adminUserDetailData = z.object({
  user: adminUserRow.extend({
    realname_name: z.string().nullable(),
    /** The reason given with the last flag change, shown to the user. */
    restriction_reason: z.string().nullable(),
  }),
  balances: z.array(balance),
  holds: z.array(hold),
  /** The last postings to the user's ledger accounts, newest first. */
  ledger: z.array(posting),
  /** The last positions and orders, newest first. */
  positions: z.array(position),
  /** The last inbox messages, rendered in the operator's language. */
  inbox: z.array(message),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailData>;
export type AdminUserRow = z.infer<typeof adminUserRow>;
export type AdminUsersInput = z.input<typeof adminUsersRequest>;
export type AdminUserDetailInput = z.input<typeof adminUserDetailRequest>;
export type AdminUserFlagsInput = z.input<typeof userFlagsRequest>;

export const ADMIN_USERS_ENDPOINTS = {
  adminUsers: {
    path: '/admin/users',
    auth: true,
    admin: true,
    request: adminUsersRequest,
    data: adminUsersData,
    summary: 'Users by account prefix (exact with 10 digits), 20 a page',
  },
  adminUserDetail: {
    path: '/admin/userDetail',
    auth: true,
    admin: true,
    request: adminUserDetailRequest,
    data: adminUserDetailData,
    summary:
      'One user: profile, flags, ledger balances, holds, postings, positions, orders, inbox (the view is audited)',
  },
} as const;
