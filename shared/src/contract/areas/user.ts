/**
 * Area /user/ (account part): registration, sessions, the account summary, passwords, identity
 * verification, the inbox and the user's own uploaded images. Bank cards and withdrawals are in
 * user-bank.ts. Requests are form-encoded (uploads multipart: the file parts are named in the
 * endpoint's `files`). Every call except register, login and the password reset needs a session.
 */
import { z } from 'zod';
import { decimalString, marketPayload, langField, pageRequest, plainString } from '../common';
import { empty, idField, text } from '../fields';

/**
 * A new login password (NIST SP 800-63B; docs/decisions/0032-password-policy.md): at least 8 characters counted as
 * code points (a Chinese or Japanese character, an emoji: one each), at most 128 UTF-16 units (64 code points always
 * fit), no composition rules. The server also refuses it by name when it is common, guessable or holds the account
 * or e-mail (server/src/security/password-policy.ts: password_common, password_guessable, password_personal).
 */
export const PASSWORD_MIN_LENGTH = 8;
const newPassword = () =>
  plainString('password_required')
    .min(1, 'password_required')
    // UTF-16 units first (fewer units are always fewer code points), then the code points.
    .min(PASSWORD_MIN_LENGTH, 'password_too_short')
    .superRefine((value, ctx) => {
      if (value.length >= PASSWORD_MIN_LENGTH && [...value].length < PASSWORD_MIN_LENGTH)
        ctx.addIssue({
          code: 'too_small',
          origin: 'string',
          minimum: PASSWORD_MIN_LENGTH,
          inclusive: true,
          input: value,
          message: 'password_too_short',
        });
    })
    .max(128, 'field_invalid');

/** Account: a ten-digit mobile number (spec §5). */
export const accountField = z.string({ error: 'account_format' }).regex(/^\d{10}$/, 'account_format');

export const registerRequest = z
  .object({
    account: accountField,
    email: plainString('email_required').trim().min(1, 'email_required').email('email_invalid'),
    password: newPassword(),
    password2: plainString('password_required').min(1, 'password_required'),
    invite_code: plainString().trim().max(32, 'field_invalid').optional().default(''),
    agree: z.enum(['1', 'true', 'on'], { error: 'agreement_required' }),
  })
  .refine((v) => v.password === v.password2, { message: 'passwords_mismatch', path: ['password2'] });
export type RegisterRequest = z.input<typeof registerRequest>;

export const loginRequest = z.object({
  account: accountField,
  password: plainString('password_required').min(1, 'password_required'),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const loginData = z.object({
  token: z.string(),
  account: z.string(),
  is_admin: z.string(),
  /**
   * Set when the password was right but a second factor is owed (areas/security.ts): token is then empty and
   * `challenge` goes to /user/loginSecondFactor (verify) or first to /user/loginEnrolTotp (enrol).
   */
  second_factor: z.enum(['verify', 'enrol']).optional(),
  challenge: z.string().optional(),
});
export type LoginData = z.infer<typeof loginData>;

/**
 * /user/passwordResetRequest: always answers the same success (no account enumeration); when the
 * account exists a one-time six-digit code goes to its registered email, written in `lang`.
 */
export const passwordResetRequest = z.object({ account: accountField, lang: langField });

/** /user/passwordReset: the mailed code and the new password (twice); every session of the user ends. */
export const passwordResetConfirm = z
  .object({
    account: accountField,
    code: z
      .string({ error: 'reset_code_required' })
      .trim()
      .min(1, 'reset_code_required')
      .regex(/^\d{6}$/, 'reset_code_format'),
    password: newPassword(),
    password2: plainString('password_required').min(1, 'password_required'),
  })
  .refine((v) => v.password === v.password2, { message: 'passwords_mismatch', path: ['password2'] });

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
  /** The user's own invite code, to pass on to friends (optional: older servers do not send it). */
  invite_code: z.string().optional(),
  /**
   * Back-office roles stored for this account (issue 14); empty or absent for an investor. The shell shows the
   * back-office entry only when this is non-empty; every admin call is still checked by the server.
   */
  admin_roles: z.array(z.string()).optional(),
  /** Why trading is disabled (the reason an operator gave with the flag); absent when the account is unrestricted. */
  restriction_reason: z.string().optional(),
});
export type UserInfo = z.infer<typeof userInfo>;

/** /user/changePassword: the original password is checked; every session of the user ends. */
export const changePasswordRequest = z
  .object({
    old_password: plainString('password_required').min(1, 'password_required'),
    password: newPassword(),
    password2: plainString().min(1, 'password_required'),
  })
  .refine((v) => v.password === v.password2, { message: 'passwords_mismatch', path: ['password2'] });

/**
 * /user/setFundPassword: first setting needs the login password; changing needs the old fund password.
 * Fund passwords are six digits, as at Japanese brokers.
 */
export const setFundPasswordRequest = z
  .object({
    login_password: plainString().optional().default(''),
    old_fund_password: plainString().optional().default(''),
    password: z.string({ error: 'fund_password_required' }).regex(/^\d{6}$/, 'fund_password_format'),
    password2: plainString('fund_password_required').min(1, 'fund_password_required'),
  })
  .refine((v) => v.password === v.password2, { message: 'passwords_mismatch', path: ['password2'] });

export const realnameStatus = z.enum(['none', 'pending', 'verified', 'failed']);
/** /user/realname (multipart, files front and back: JPEG/PNG/WebP by magic bytes, at most 5 MB each). */
export const realnameRequest = z.object({
  name: text('name_required', 64),
  id_number: z
    .string({ error: 'id_number_required' })
    .trim()
    .min(1, 'id_number_required')
    .regex(/^[A-Za-z0-9-]{6,32}$/, 'id_number_invalid'),
  privacy: z.enum(['1', 'true', 'on'], { error: 'privacy_required' }),
});
export const realnameInfo = z.object({
  status: realnameStatus,
  /** Masked: only the first character of the name and the last four of the number are shown. */
  name: z.string(),
  id_number: z.string(),
  reject_reason: z.string().nullable(),
  submitted_at: z.string().nullable(),
  /** Upload ids of the submitted ID images (shown to their owner through /user/image). */
  front_id: z.string().nullable(),
  back_id: z.string().nullable(),
});

/** /user/image and /admin/image: one uploaded image by its upload id. */
export const imageRequest = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'field_invalid') });
/** An uploaded image as a data URL inside the usual envelope (clients fetch it with their session headers). */
export const imageAnswer = z.object({
  id: z.string(),
  mime: z.enum(['image/jpeg', 'image/png', 'image/webp']),
  data_url: z.string(),
});

export const inboxMessage = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  read: z.boolean(),
  created_at: z.string(),
});
export const messageList = z.object({ list: z.array(inboxMessage), total: z.number().int(), unread: z.number().int() });
export const messageIdRequest = z.object({ id: idField, lang: langField });

export const USER_ENDPOINTS = {
  register: {
    path: '/user/register',
    auth: false,
    request: registerRequest,
    // The new account is logged in: the same session fields as login.
    data: loginData,
    summary: 'Register an account; answers its session token (like login)',
  },
  login: {
    path: '/user/login',
    auth: false,
    request: loginRequest,
    data: loginData,
    summary: 'Log in; answers the session token',
  },
  passwordResetRequest: {
    path: '/user/passwordResetRequest',
    auth: false,
    request: passwordResetRequest,
    data: empty,
    summary: 'Mail a one-time password-reset code to the account’s email (same answer for unknown accounts)',
  },
  passwordReset: {
    path: '/user/passwordReset',
    auth: false,
    request: passwordResetConfirm,
    data: empty,
    summary: 'Set a new login password with the mailed code (ends every session)',
  },
  logout: { path: '/user/logout', auth: true, request: empty, data: empty, summary: 'Invalidate the session token' },
  userInfo: {
    path: '/user/getUserinfo',
    auth: true,
    request: marketPayload,
    data: userInfo,
    summary: 'Account and balances in the selected market',
  },
  changePassword: {
    path: '/user/changePassword',
    auth: true,
    request: changePasswordRequest,
    data: empty,
    summary: 'Change the login password (ends every session)',
  },
  setFundPassword: {
    path: '/user/setFundPassword',
    auth: true,
    request: setFundPasswordRequest,
    data: empty,
    summary: 'Set or change the six-digit fund password',
  },
  realname: {
    path: '/user/realname',
    auth: true,
    request: realnameRequest,
    data: realnameInfo,
    files: ['front', 'back'],
    filesRequiredKey: 'id_images_required',
    summary: 'Submit identity verification (name, ID number, both sides of the ID)',
  },
  realnameInfo: {
    path: '/user/realnameInfo',
    auth: true,
    request: empty,
    data: realnameInfo,
    summary: 'Identity verification state',
  },
  image: {
    path: '/user/image',
    auth: true,
    request: imageRequest,
    data: imageAnswer,
    summary: 'One of the user’s own uploaded images (data URL)',
  },
  messages: {
    path: '/user/messages',
    auth: true,
    request: pageRequest,
    data: messageList,
    summary: 'Inbox with unread count',
  },
  messageInfo: {
    path: '/user/messageInfo',
    auth: true,
    request: messageIdRequest,
    data: inboxMessage,
    summary: 'One message; marks it read',
  },
} as const;
