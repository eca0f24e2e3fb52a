/**
 * Area /user/ (security part, docs/decisions/0027-second-factors-and-devices.md): the second step of a password
 * login, the TOTP second factor with its recovery codes, and the signed-in devices. Paths stay under /user/.
 * A login that owes a second factor answers msg `second_factor_required` (or `second_factor_enrol_required`)
 * with `second_factor` and `challenge` set and an empty token: no session until /user/loginSecondFactor.
 */
import { z } from 'zod';
import { currencyCode, langField, plainString, positiveAmount } from '../common';
import { empty, idField } from '../fields';
import { loginData } from './user';

/** The login challenge: a 43-character base64url token valid five minutes. */
export const challengeField = z
  .string({ error: 'second_factor_challenge_invalid' })
  .regex(/^[A-Za-z0-9_-]{43}$/, 'second_factor_challenge_invalid');

/** A six-digit TOTP code, or a recovery code XXXX-XXXX-XXXX (dashes and case optional). */
export const secondFactorCode = z
  .string({ error: 'second_factor_code_required' })
  .trim()
  .min(1, 'second_factor_code_required')
  .regex(/^(\d{6}|[A-Za-z0-9]{4}-?[A-Za-z0-9]{4}-?[A-Za-z0-9]{4})$/, 'second_factor_code_format');

export const codeRequest = z.object({ code: secondFactorCode });

/**
 * The administrator's one-time enrolment code, printed by the CLI (`create-admin`, `grant-role`): ten base32
 * characters (spaces, dashes and case do not matter). The server refuses an `enrol` challenge's first enrolment
 * without it (`admin_enrol_code_required`); the challenge that spent it may restart the enrolment without it.
 */
export const enrolCodeField = plainString().trim().max(32, 'admin_enrol_code_wrong').optional().default('');

/**
 * A step-up grant (/user/stepUp, issue 33 point 2): factor and withdrawal-card changes take it as `step_up`. Absent
 * or stale, the call answers `step_up_required` (not a validation error), which the client turns into its dialog.
 */
export const stepUpField = plainString().trim().max(64, 'step_up_required').optional().default('');
export const stepUpRequest = z.object({ step_up: stepUpField });
export const STEP_UP_ACTIONS = [
  'passkey_add',
  'passkey_remove',
  'passkey_confirm',
  'totp_enable',
  'totp_disable',
  'recovery_codes',
  'bank_card',
] as const;
export const stepUpOptionsAnswer = z.object({
  /** totp and/or passkey when enrolled (either may answer), else email (a code was just mailed). */
  methods: z.array(z.enum(['totp', 'passkey', 'email'])),
  /** Request options for navigator.credentials.get when `passkey` is a method. */
  options: z.record(z.string(), z.unknown()).nullable(),
  email_sent: z.boolean(),
});
export const stepUpAnswer = z.object({
  step_up: z.string(),
  expires_at: z.string(),
  factors: z.array(z.string()),
});
export const totpEnrolment = z.object({
  /** The shared secret in base32, for typing into an authenticator app. */
  secret: z.string(),
  /** The same as an otpauth://totp/ URI, for a QR code. */
  uri: z.string(),
});
/** Ten single-use recovery codes, shown once (only their hashes are stored). */
export const recoveryCodesAnswer = z.object({ recovery_codes: z.array(z.string()) });
export const secondFactorStatus = z.object({
  totp_enabled: z.boolean(),
  recovery_codes_left: z.number().int(),
});
export const loginSecondFactorAnswer = loginData.extend({
  /** Present after an administrator's enrolment at login: the first recovery codes, shown once. */
  recovery_codes: z.array(z.string()).optional(),
});
export const deviceSession = z.object({
  id: z.number().int(),
  /** "Chrome on Android", from the User-Agent; may be empty. */
  device: z.string(),
  ip: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  /** The session making this call. */
  current: z.boolean(),
});
/** The session rules the server enforces (ASVS V7), so the screen states what holds, not a copy. */
export const sessionPolicy = z.object({
  idle_minutes: z.number().int(),
  absolute_hours: z.number().int(),
  max_sessions: z.number().int(),
});
export const deviceList = z.object({ list: z.array(deviceSession), policy: sessionPolicy });

/** A WebAuthn credential (the navigator.credentials.create/get answer) as JSON text (@simplewebauthn/browser). */
export const credentialField = plainString('passkey_response_invalid')
  .min(1, 'passkey_response_invalid')
  .max(16_384, 'passkey_response_invalid');
/** Options for navigator.credentials.create/get in their JSON form (PublicKeyCredential*OptionsJSON). */
export const webAuthnOptions = z.object({ options: z.record(z.string(), z.unknown()) });
export const passkeyList = z.object({
  list: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      created_at: z.string(),
      last_used_at: z.string().nullable(),
      /** Suspended by a password reset until confirmed (/user/passkeyConfirm) or removed. */
      suspended: z.boolean(),
    }),
  ),
});
/** The withdrawal a passkey assertion is bound to: the same fields as /user/withdraw, without the fund password. */
export const passkeyWithdrawRequest = z.object({
  amount: positiveAmount(),
  currency: currencyCode.default('JPY'),
  card_id: idField,
});

export const SECURITY_ENDPOINTS = {
  loginEnrolTotp: {
    path: '/user/loginEnrolTotp',
    auth: false,
    request: z.object({ challenge: challengeField, enrol_code: enrolCodeField }),
    data: totpEnrolment,
    summary:
      'With an enrol login challenge (an administrator without a second factor) and the one-time enrolment code ' +
      'printed by create-admin/grant-role: start TOTP enrolment',
  },
  loginSecondFactor: {
    path: '/user/loginSecondFactor',
    auth: false,
    request: z.object({ challenge: challengeField, code: secondFactorCode }),
    data: loginSecondFactorAnswer,
    summary: 'Second step of login: the challenge and a TOTP or recovery code; answers the session',
  },
  secondFactorStatus: {
    path: '/user/secondFactorStatus',
    auth: true,
    request: empty,
    data: secondFactorStatus,
    summary: 'Whether TOTP is enabled and how many recovery codes are left',
  },
  totpEnrol: {
    path: '/user/totpEnrol',
    auth: true,
    request: stepUpRequest,
    data: totpEnrolment,
    summary: 'Start TOTP enrolment: a new secret (base32 and otpauth URI), required once confirmed (needs a step-up)',
  },
  totpConfirm: {
    path: '/user/totpConfirm',
    auth: true,
    request: codeRequest.extend({ step_up: stepUpField }),
    data: recoveryCodesAnswer,
    summary: 'Confirm TOTP enrolment with a code; answers ten recovery codes (shown once)',
  },
  totpDisable: {
    path: '/user/totpDisable',
    auth: true,
    request: stepUpRequest,
    data: empty,
    summary: 'Turn TOTP off (needs a step-up: the password and a current code or a recovery code)',
  },
  recoveryCodes: {
    path: '/user/recoveryCodes',
    auth: true,
    request: stepUpRequest,
    data: recoveryCodesAnswer,
    summary: 'Replace the recovery codes (needs a step-up)',
  },
  devices: {
    path: '/user/devices',
    auth: true,
    request: empty,
    data: deviceList,
    summary: 'Signed-in devices (live sessions) with the current one marked',
  },
  deviceSignOut: {
    path: '/user/deviceSignOut',
    auth: true,
    request: z.object({ id: idField }),
    data: empty,
    summary: 'Sign one device out remotely (its token stops working at once)',
  },
  deviceSignOutOthers: {
    path: '/user/deviceSignOutOthers',
    auth: true,
    request: empty,
    data: z.object({ count: z.number().int() }),
    summary: 'Sign every other device out in one step (the current session stays; no step-up: it only protects)',
  },
  passkeyRegisterOptions: {
    path: '/user/passkeyRegisterOptions',
    auth: true,
    request: stepUpRequest,
    data: webAuthnOptions,
    summary: 'Options to create a passkey (discoverable, user verification required)',
  },
  passkeyRegister: {
    path: '/user/passkeyRegister',
    auth: true,
    request: z.object({
      credential: credentialField,
      name: plainString().trim().max(64, 'passkey_name_too_long').optional().default(''),
      step_up: stepUpField,
    }),
    data: z.object({ id: z.number().int() }),
    summary: 'Verify and store a new passkey',
  },
  passkeys: {
    path: '/user/passkeys',
    auth: true,
    request: empty,
    data: passkeyList,
    summary: 'The user’s passkeys',
  },
  passkeyDelete: {
    path: '/user/passkeyDelete',
    auth: true,
    request: z.object({ id: idField, step_up: stepUpField }),
    data: empty,
    summary: 'Remove one of the user’s passkeys (needs a step-up)',
  },
  passkeyConfirm: {
    path: '/user/passkeyConfirm',
    auth: true,
    request: z.object({ id: idField, step_up: stepUpField }),
    data: empty,
    summary: 'Confirm a passkey a password reset suspended (needs a step-up)',
  },
  stepUpOptions: {
    path: '/user/stepUpOptions',
    auth: true,
    request: z.object({ lang: langField }),
    data: stepUpOptionsAnswer,
    summary: 'What a step-up asks for (mails a code to an account with no second factor)',
  },
  stepUp: {
    path: '/user/stepUp',
    auth: true,
    request: z.object({
      action: z.enum(STEP_UP_ACTIONS, { error: 'field_invalid' }),
      password: plainString('password_required').min(1, 'password_required'),
      code: secondFactorCode.optional(),
      passkey: credentialField.optional(),
      email_code: plainString()
        .trim()
        .regex(/^\d{6}$/, 'step_up_email_code_wrong')
        .optional(),
      lang: langField,
    }),
    data: stepUpAnswer,
    summary: 'Prove the password and the second factor again: a grant for one action, five minutes',
  },
  passkeyLoginOptions: {
    path: '/user/passkeyLoginOptions',
    auth: false,
    request: empty,
    data: webAuthnOptions,
    summary: 'Options to sign in with a passkey (no account needed)',
  },
  passkeyLogin: {
    path: '/user/passkeyLogin',
    auth: false,
    request: z.object({ credential: credentialField }),
    data: loginData,
    summary: 'Sign in with a passkey assertion; answers the session like /user/login',
  },
  passkeyWithdrawOptions: {
    path: '/user/passkeyWithdrawOptions',
    auth: true,
    request: passkeyWithdrawRequest,
    data: webAuthnOptions,
    summary: 'Options for a passkey assertion confirming this withdrawal (instead of the fund password)',
  },
} as const;
