/**
 * The message-key catalogue (spec §5 validation prompts, spec §8 error catalogue, client messages).
 * The server answers `{status: 0, msg: <key>}`; every client shows `t('msg:<key>')`.
 * Each entry has its text in zh-CN (default), en and ja; a completeness test fails on any gap.
 * Placeholders use i18next syntax: {{max}}.
 */
import { BUSINESS_MESSAGES } from './catalogue/business';
import { MONEY_MESSAGES } from './catalogue/money';
import { VALIDATION_MESSAGES } from './catalogue/validation';
import { ACCOUNT_MESSAGES } from './catalogue/accounts';
import { INBOX_MESSAGES } from './catalogue/inbox';
import { TRADING_MESSAGES } from './catalogue/trading';
import { CLIENT_MESSAGES } from './catalogue/client';
import { IPO_MESSAGES } from './catalogue/ipo';
import { BLOCK_MESSAGES } from './catalogue/block';
import { COPYTRADE_MESSAGES } from './catalogue/copytrade';
import { DAYTRADE_MESSAGES } from './catalogue/daytrade';
import { ALERT_MESSAGES } from './catalogue/alerts';
import { LENDING_MESSAGES } from './catalogue/lending';
import { ORDER_MESSAGES } from './catalogue/orders';
import { SECURITY_MESSAGES } from './catalogue/security';
import { STEP_UP_MESSAGES } from './catalogue/step-up';
import { PASSKEY_OFFER_MESSAGES } from './catalogue/passkey-offer';
import { ADMIN_MESSAGES } from './catalogue/admin';
import { NOTICE_MESSAGES } from './catalogue/notices';
import type { CatalogueEntries } from './catalogue/entry';

/** Every key of every area (a key is defined once: the completeness test fails on a duplicate). */
export const MESSAGES = {
  ...BUSINESS_MESSAGES,
  ...MONEY_MESSAGES,
  ...VALIDATION_MESSAGES,
  ...ACCOUNT_MESSAGES,
  ...INBOX_MESSAGES,
  ...TRADING_MESSAGES,
  ...CLIENT_MESSAGES,
  ...IPO_MESSAGES,
  ...BLOCK_MESSAGES,
  ...COPYTRADE_MESSAGES,
  ...DAYTRADE_MESSAGES,
  ...ALERT_MESSAGES,
  ...LENDING_MESSAGES,
  ...ORDER_MESSAGES,
  ...SECURITY_MESSAGES,
  ...STEP_UP_MESSAGES,
  ...PASSKEY_OFFER_MESSAGES,
  ...ADMIN_MESSAGES,
  ...NOTICE_MESSAGES,
} as const satisfies CatalogueEntries;

export type MessageKey = keyof typeof MESSAGES;
