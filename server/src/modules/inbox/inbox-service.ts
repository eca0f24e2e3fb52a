/**
 * Inbox messages raised by events (deposit, withdrawal, loan and identity results). A message is
 * stored as an event key and its placeholder values and rendered in the reader's language when it
 * is read, so one message reads correctly in zh-CN, en and ja. `notify` runs in the caller's
 * transaction: a result and its message commit (or roll back) together.
 */
import { MESSAGES, catalogueTemplate, type CatalogueEntry, type I18nLang, type MessageKey } from 'shared/messages';
import { shareCount } from 'shared/money';
import type { Database, Tx } from '../../db/database';
import { BusinessError } from '../../errors';
import {
  countUnread,
  insertMessage,
  insertMessages,
  listMessageRows,
  markMessageRead,
  type MessageView,
} from './inbox-repository';
import { signalInboxChange } from './inbox-signal';

/** Event keys: each has `inbox_<event>_title` and `inbox_<event>_body` in the catalogue. */
export const INBOX_EVENTS = [
  'deposit_approved',
  'deposit_rejected',
  'withdrawal_approved',
  'withdrawal_rejected',
  'correction_posted',
  'loan_approved',
  'loan_rejected',
  'realname_verified',
  'realname_failed',
  'margin_call',
  'margin_call_protected',
  // A block application approved: its allotment placed (the spec's placement_success; was block_approved).
  'placement_success',
  'block_rejected',
  'block_dividend',
  'new_share_listed',
  'new_share_subscribed',
  'new_share_won',
  'new_share_not_won',
  'new_share_paid',
  'new_share_declined',
  'new_share_expired',
  'new_share_withdrawn',
  'copy_followed',
  'copy_redeemed',
  'day_trade_approved',
  'day_trade_rejected',
  'day_trade_settled',
  'day_trade_expired',
  'day_trade_stopped',
  'alert_price_above',
  'alert_price_below',
  'alert_change_beyond',
  'borrow_bought_in',
  'order_expired',
  'order_unfunded',
  'stop_triggered',
  'oco_limit_filled',
  'oco_stop_filled',
  'take_profit',
  'stop_loss',
  'new_device_login',
  'account_restricted',
  'account_unrestricted',
  // Step-up changes and the password reset (modules/second-factor/step-up.ts; issue 33 point 2).
  'security_passkey_added',
  'security_passkey_removed',
  'security_passkey_confirmed',
  'security_totp_enabled',
  'security_totp_disabled',
  'security_recovery_codes',
  'security_bank_card_added',
  'security_bank_card_changed',
  'security_bank_card_removed',
  'security_password_reset',
  // The login lock, and the sign-in notice (mailed only) of modules/users (issue 33 point 3).
  'account_locked',
  'reverify_required',
  'withdrawal_submitted',
  'login',
  // Every fill of a stock order, opening or closing (modules/trade/fill-notice.ts; issue 33 point 3).
  'order_filled_open_long',
  'order_filled_open_short',
  'order_filled_close_long',
  'order_filled_close_short',
  // Every other session ended in one step (modules/second-factor/devices.ts; issue 34 point 6).
  'sessions_signed_out',
  // A sign-in past MAX_SESSIONS_PER_USER ended the oldest session (sign-in/account-service.ts; issue 34 point 6).
  'session_cap_ended',
] as const;
export type InboxEvent = (typeof INBOX_EVENTS)[number];

export interface InboxNotice {
  key: InboxEvent;
  /** Placeholder values ({{amount}}, {{reason}}), already formatted (e.g. "30,000 JPY"). */
  values?: Record<string, string>;
}

/** Stores a message; `at` is the app clock (config.now), the column's now() when absent. */
export async function notify(tx: Tx, userId: bigint, notice: InboxNotice, at?: Date): Promise<void> {
  if (!(INBOX_EVENTS as readonly string[]).includes(notice.key)) throw new Error(`unknown inbox event ${notice.key}`);
  await insertMessage(tx, userId, { key: notice.key, values: notice.values ?? {}, at: at ?? null });
  signalInboxChange(tx, userId, await countUnread(tx, userId));
}

/** `notify` for many messages at one instant, in one statement (the matcher's batches): stored in the order given. */
export async function notifyMany(
  tx: Tx,
  notices: ReadonlyArray<{ userId: bigint; notice: InboxNotice }>,
  at: Date,
): Promise<void> {
  for (const { notice } of notices)
    if (!(INBOX_EVENTS as readonly string[]).includes(notice.key)) throw new Error(`unknown inbox event ${notice.key}`);
  const unread = await insertMessages(
    tx,
    notices.map(({ userId, notice }) => ({ userId, key: notice.key, values: notice.values ?? {}, at })),
  );
  for (const [userId, count] of unread) signalInboxChange(tx, userId, count);
}

/** Replaces {{name}} placeholders; a missing value shows as "-" rather than a raw placeholder. */
export function interpolate(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_m, name: string) => values[name] ?? '-');
}

/** Events stored under an older key, read with the texts of their new one (the same placeholders). */
const RENAMED_EVENTS: Readonly<Record<string, InboxEvent>> = { block_approved: 'placement_success' };

export function renderInbox(
  stored: string,
  values: Record<string, string>,
  lang: I18nLang,
): { title: string; body: string } {
  const key = RENAMED_EVENTS[stored] ?? stored;
  const title: CatalogueEntry | undefined = MESSAGES[`inbox_${key}_title` as MessageKey];
  const body: CatalogueEntry | undefined = MESSAGES[`inbox_${key}_body` as MessageKey];
  if (!title || !body) return { title: key, body: '' };
  // a counted share quantity reads grouped ("1,000 shares"), as on the screens
  const counted = body.countedBy;
  const shown = counted && values[counted] ? { ...values, [counted]: shareCount(values[counted]).quantity } : values;
  return {
    title: interpolate(catalogueTemplate(title, lang, values), shown),
    body: interpolate(catalogueTemplate(body, lang, values), shown),
  };
}

function toMessage(row: MessageView, lang: I18nLang) {
  const text = row.msgKey
    ? renderInbox(row.msgKey, row.msgValues ?? {}, lang)
    : { title: row.title ?? '', body: row.body ?? '' };
  return {
    id: Number(row.id),
    ...text,
    read: row.readAt !== null,
    created_at: new Date(row.createdAt).toISOString(),
  };
}

export async function listMessages(tx: Tx, userId: bigint, input: { page: number; size: number; lang: I18nLang }) {
  const { rows, total, unread } = await listMessageRows(tx, userId, {
    size: input.size,
    offset: (input.page - 1) * input.size,
  });
  return { list: rows.map((r) => toMessage(r, input.lang)), total, unread };
}

/** One of the user's own messages, marked read; another user's message is card-style not_found. */
export async function readMessage(tx: Tx, userId: bigint, id: number, lang: I18nLang) {
  const row = await markMessageRead(tx, userId, id);
  if (!row) throw new BusinessError('not_found');
  signalInboxChange(tx, userId, await countUnread(tx, userId));
  return toMessage(row, lang);
}

/** The inbox of /user/messages and /user/messageInfo. */
export function createInboxService(deps: { db: Database }) {
  const { db } = deps;
  return {
    list: (userId: bigint, input: { page: number; size: number; lang: I18nLang }) =>
      db.tx((tx) => listMessages(tx, userId, input), { readOnly: true }),
    read: (userId: bigint, id: number, lang: I18nLang) => db.tx((tx) => readMessage(tx, userId, id, lang)),
  };
}

export type InboxService = ReturnType<typeof createInboxService>;
