import { z } from 'zod';
import { decimalString } from './common';

/** Account: a ten-digit mobile number (spec §5). */
export const accountField = z.string({ error: 'account_format' }).regex(/^\d{10}$/, 'account_format');

export const registerRequest = z
  .object({
    account: accountField,
    email: z.string({ error: 'email_required' }).trim().min(1, 'email_required').email('email_invalid'),
    password: z
      .string({ error: 'password_required' })
      .min(1, 'password_required')
      .min(6, 'password_too_short')
      .max(128, 'field_invalid'),
    password2: z.string({ error: 'password_required' }).min(1, 'password_required'),
    invite_code: z.string().trim().max(32, 'field_invalid').optional().default(''),
    agree: z.enum(['1', 'true', 'on'], { error: 'agreement_required' }),
  })
  .refine((v) => v.password === v.password2, { message: 'passwords_mismatch', path: ['password2'] });
export type RegisterRequest = z.input<typeof registerRequest>;

export const loginRequest = z.object({
  account: accountField,
  password: z.string({ error: 'password_required' }).min(1, 'password_required'),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const loginData = z.object({ token: z.string(), account: z.string(), is_admin: z.string() });
export type LoginData = z.infer<typeof loginData>;

/**
 * User info (spec §3): account, jpy (available balance), jpyyjed (total debt). The server adds the
 * side-panel figures derived from the ledger (ARCHITECTURE.md "Money and the ledger"), all decimal strings
 * in the selected market's currency.
 */
export const userInfo = z.object({
  account: z.string(),
  currency: z.string(),
  jpy: decimalString,
  jpyyjed: decimalString,
  frozen: decimalString,
  total: decimalString,
  ccsz: decimalString,
  fdyk: decimalString,
  realname_status: z.enum(['none', 'pending', 'verified', 'failed']),
  has_fund_password: z.boolean(),
  unread_messages: z.number().int(),
});
export type UserInfo = z.infer<typeof userInfo>;
