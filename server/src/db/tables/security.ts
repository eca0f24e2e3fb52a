/**
 * Second factors, devices and passkeys (0021_second_factor_and_devices.sql, 0022_passkeys.sql; the session device
 * columns are on `sessions` in accounts.ts). Queries are raw SQL in modules/second-factor and modules/sessions.
 */
import { bigint, boolean, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at, id, userId } from './columns';

export const totpFactors = pgTable('totp_factors', {
  userId: userId().primaryKey(),
  secret: text('secret').notNull(),
  confirmedAt: at('confirmed_at'),
  lastStep: bigint('last_step', { mode: 'bigint' }).notNull().default(0n),
  createdAt: at('created_at').notNull().defaultNow(),
});

export const recoveryCodes = pgTable('recovery_codes', {
  id: id(),
  userId: userId(),
  codeHash: text('code_hash').notNull(),
  usedAt: at('used_at'),
});

export const loginChallenges = pgTable('login_challenges', {
  id: id(),
  tokenHash: text('token_hash').notNull(),
  userId: userId(),
  purpose: text('purpose').$type<'verify' | 'enrol'>().notNull(),
  attempts: integer('attempts').notNull().default(0),
  createdAt: at('created_at').notNull().defaultNow(),
  expiresAt: at('expires_at').notNull(),
  // 0029_admin_enrol_codes.sql: an `enrol` challenge that spent an enrolment code.
  enrolCodeOk: boolean('enrol_code_ok').notNull().default(false),
});

export const knownDevices = pgTable(
  'known_devices',
  {
    userId: userId(),
    deviceHash: text('device_hash').notNull(),
    firstSeenAt: at('first_seen_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceHash] })],
);

export const passkeys = pgTable('passkeys', {
  id: id(),
  userId: userId(),
  credentialId: text('credential_id').notNull(),
  publicKey: text('public_key').notNull(),
  signCount: bigint('sign_count', { mode: 'bigint' }).notNull().default(0n),
  transports: text('transports').notNull().default(''),
  name: text('name').notNull().default(''),
  createdAt: at('created_at').notNull().defaultNow(),
  lastUsedAt: at('last_used_at'),
  // 0028_step_up_and_factors.sql
  secondFactor: boolean('second_factor').notNull().default(false),
  suspended: boolean('suspended').notNull().default(false),
});

export const webauthnChallenges = pgTable('webauthn_challenges', {
  id: id(),
  challenge: text('challenge').notNull(),
  userId: bigint('user_id', { mode: 'bigint' }),
  purpose: text('purpose').$type<'register' | 'login' | 'withdraw' | 'step_up'>().notNull(),
  bound: text('bound').notNull().default(''),
  expiresAt: at('expires_at').notNull(),
});

// 0028_step_up_and_factors.sql
export const stepUpGrants = pgTable('step_up_grants', {
  id: id(),
  tokenHash: text('token_hash').notNull(),
  sessionTokenHash: text('session_token_hash').notNull(),
  action: text('action').notNull(),
  factors: text('factors').notNull(),
  lang: text('lang').notNull().default('cn'),
  createdAt: at('created_at').notNull().defaultNow(),
  expiresAt: at('expires_at').notNull(),
});

export const stepUpEmailCodes = pgTable('step_up_email_codes', {
  userId: userId().primaryKey(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: at('expires_at').notNull(),
});

// 0029_admin_enrol_codes.sql (modules/admin/enrol-codes.ts)
export const adminEnrolCodes = pgTable('admin_enrol_codes', {
  userId: userId().primaryKey(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: at('expires_at').notNull(),
});

/** Tries at a secret claimed before it is checked (0026_secret_tries.sql; modules/passwords/secret-tries.ts). */
export const secretTries = pgTable(
  'secret_tries',
  {
    userId: userId(),
    secret: text('secret').$type<'fund_password' | 'second_factor_code'>().notNull(),
    /** Epoch milliseconds of the tries inside the window. */
    tried: jsonb('tried').$type<number[]>().notNull().default([]),
  },
  (t) => [primaryKey({ columns: [t.userId, t.secret] })],
);
