/**
 * Users, sessions, site config, inbox (0001), uploads, identity checks, bank cards, news, audit
 * log (0002), with the columns later migrations added.
 */
import { bigint, boolean, customType, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at, id, userId } from './columns';

export const users = pgTable('users', {
  id: id(),
  account: text('account').notNull(),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  role: text('role', { enum: ['user', 'admin'] })
    .notNull()
    .default('user'),
  banned: boolean('banned').notNull().default(false),
  frozen: boolean('frozen').notNull().default(false),
  tradeDisabled: boolean('trade_disabled').notNull().default(false),
  fundPasswordHash: text('fund_password_hash'),
  realnameStatus: text('realname_status', { enum: ['none', 'pending', 'verified', 'failed'] })
    .notNull()
    .default('none'),
  inviteCode: text('invite_code').notNull(),
  invitedBy: bigint('invited_by', { mode: 'bigint' }),
  createdAt: at('created_at').notNull().defaultNow(),
  passwordChangedAt: at('password_changed_at').notNull().defaultNow(),
  // 0002_accounts.sql
  realnameName: text('realname_name'),
  // 0023_user_restriction_reason.sql: the reason given with the last flag change (shown to the user).
  restrictionReason: text('restriction_reason'),
  // 0030_login_lock.sql: consecutive wrong passwords and the end of the login lock.
  failedLogins: integer('failed_logins').notNull().default(0),
  lockedUntil: at('locked_until'),
});

export const sessions = pgTable('sessions', {
  id: id(),
  tokenHash: text('token_hash').notNull(),
  userId: userId(),
  createdAt: at('created_at').notNull().defaultNow(),
  lastSeenAt: at('last_seen_at').notNull().defaultNow(),
  expiresAt: at('expires_at').notNull(),
  // Where the session was opened from (0021_second_factor_and_devices.sql).
  userAgent: text('user_agent').notNull().default(''),
  ip: text('ip').notNull().default(''),
  deviceHash: text('device_hash').notNull().default(''),
  // Opened with a second factor (0024_session_second_factor.sql): what /admin/ calls need.
  secondFactor: boolean('second_factor').notNull().default(false),
  // The factors the session proved at sign-in (0028_step_up_and_factors.sql).
  factors: text('factors').notNull().default(''),
});

export const siteConfig = pgTable('site_config', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  public: boolean('public').notNull().default(true),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

export const messages = pgTable('messages', {
  id: id(),
  userId: userId(),
  // Nullable since 0002_accounts.sql: a message is a catalogue key or a literal title and body.
  title: text('title'),
  body: text('body'),
  readAt: at('read_at'),
  createdAt: at('created_at').notNull().defaultNow(),
  msgKey: text('msg_key'),
  msgValues: jsonb('msg_values').$type<Record<string, string>>().notNull().default({}),
});

export const uploads = pgTable('uploads', {
  id: text('id').primaryKey(),
  userId: userId(),
  kind: text('kind', { enum: ['id_front', 'id_back', 'deposit_proof'] }).notNull(),
  mime: text('mime', { enum: ['image/jpeg', 'image/png', 'image/webp'] }).notNull(),
  size: integer('size').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});

/** bytea: node-postgres answers a Buffer, PGlite a Uint8Array; both take a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/** The bytes of an upload kept in the database (0031_upload_blobs.sql; modules/uploads/upload-store.ts). */
export const uploadBlobs = pgTable('upload_blobs', {
  id: text('id').primaryKey(),
  data: bytea('data').notNull(),
});

export const realnameChecks = pgTable('realname_checks', {
  id: id(),
  userId: userId(),
  name: text('name').notNull(),
  idNumber: text('id_number').notNull(),
  frontId: text('front_id').notNull(),
  backId: text('back_id').notNull(),
  status: text('status', { enum: ['pending', 'verified', 'failed'] })
    .notNull()
    .default('pending'),
  rejectReason: text('reject_reason'),
  reviewedBy: bigint('reviewed_by', { mode: 'bigint' }),
  createdAt: at('created_at').notNull().defaultNow(),
  reviewedAt: at('reviewed_at'),
});

export const bankCards = pgTable('bank_cards', {
  id: id(),
  userId: userId(),
  holderName: text('holder_name').notNull(),
  cardNumber: text('card_number').notNull(),
  cardType: text('card_type', { enum: ['ordinary', 'checking'] }).notNull(),
  bankName: text('bank_name').notNull(),
  branchName: text('branch_name').notNull(),
  branchCode: text('branch_code').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

export const news = pgTable('news', {
  id: id(),
  publishedAt: at('published_at').notNull().defaultNow(),
  createdAt: at('created_at').notNull().defaultNow(),
});

export const newsTexts = pgTable(
  'news_texts',
  {
    newsId: bigint('news_id', { mode: 'bigint' }).notNull(),
    lang: text('lang', { enum: ['zh-CN', 'en', 'ja'] }).notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    body: text('body').notNull(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.newsId, t.lang] })],
);

export const auditLog = pgTable('audit_log', {
  id: id(),
  // NULL: the system itself (start-up bootstrap, CLI).
  actorId: bigint('actor_id', { mode: 'bigint' }),
  action: text('action').notNull(),
  target: text('target').notNull(),
  detail: jsonb('detail').notNull().default({}),
  createdAt: at('created_at').notNull().defaultNow(),
  // 0019_admin_roles_and_audit.sql: the actor's roles at the time, where from, the state before and after.
  actorRoles: jsonb('actor_roles').$type<string[]>().notNull().default([]),
  ip: text('ip'),
  before: jsonb('before'),
  after: jsonb('after'),
});

// 0019_admin_roles_and_audit.sql: back-office roles (users.role is derived from these by a trigger).
export const adminRoles = pgTable(
  'admin_roles',
  {
    userId: userId(),
    role: text('role', { enum: ['reviewer', 'operator', 'auditor', 'admin'] }).notNull(),
    grantedBy: bigint('granted_by', { mode: 'bigint' }),
    grantedAt: at('granted_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] })],
);

// 0009_password_resets.sql
export const passwordResetCodes = pgTable('password_reset_codes', {
  userId: bigint('user_id', { mode: 'bigint' }).primaryKey(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  createdAt: at('created_at').notNull(),
  expiresAt: at('expires_at').notNull(),
});

// 0020_four_eyes.sql: operator actions waiting for a second, different administrator.
export const fourEyesRequests = pgTable('four_eyes_requests', {
  id: id(),
  endpoint: text('endpoint').notNull(),
  target: text('target').notNull(),
  payload: jsonb('payload').notNull(),
  requestedBy: bigint('requested_by', { mode: 'bigint' }).notNull(),
  requestedRoles: jsonb('requested_roles').$type<string[]>().notNull().default([]),
  requestedAt: at('requested_at').notNull().defaultNow(),
  status: text('status', { enum: ['pending', 'approved', 'rejected'] })
    .notNull()
    .default('pending'),
  decidedBy: bigint('decided_by', { mode: 'bigint' }),
  decidedAt: at('decided_at'),
  reason: text('reason').notNull().default(''),
  outcome: jsonb('outcome'),
  // 0025_separation_of_duties.sql: the account the request decides about (neither requester nor decider).
  subjectUserId: bigint('subject_user_id', { mode: 'bigint' }),
});
