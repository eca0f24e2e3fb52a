/**
 * The money rules' site config, read in the caller's transaction: deposit channels and maximum,
 * per-currency withdrawal minimums, withdrawal hours and holidays. A malformed entry falls back to
 * the spec's value (spec §5, §9) rather than opening a gap.
 */
import { DEPOSIT_ACCOUNT_TYPES } from 'shared/contract';
import type { I18nLang } from 'shared/messages';
import { CURRENCIES, Decimal, parseDecimal, type Currency } from 'shared/money';
import type { Tx } from '../../db/database';
import { readConfigEntries } from '../site-config/site-config-repository';
import { parseHours, type WithdrawWindow } from './business-hours';

/** A localized text: one string for every language, or a string per language (zh-CN, en, ja). */
export type LocalizedText = string | Partial<Record<I18nLang, string>>;

/** A receiving account as configured (site config `deposit_channels`, migration 0005). */
export interface DepositChannel {
  id: string;
  currency: Currency;
  account_name: LocalizedText;
  account_type: DepositAccountType | null;
  account_number: string;
  bank: LocalizedText;
  branch: LocalizedText;
}

export type DepositAccountType = (typeof DEPOSIT_ACCOUNT_TYPES)[number];

/** A receiving account in one language, as /funds/channels answers it. */
export interface LocalizedDepositChannel extends Omit<DepositChannel, 'account_name' | 'bank' | 'branch'> {
  account_name: string;
  bank: string;
  branch: string;
}

const isLocalized = (value: unknown): value is LocalizedText =>
  typeof value === 'string' ||
  (!!value &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.values(value).length > 0 &&
    Object.values(value).every((v) => typeof v === 'string'));

/** The text in `lang`, else English, else Chinese, else any form there is. */
export function pickText(text: LocalizedText, lang: I18nLang): string {
  if (typeof text === 'string') return text;
  return text[lang] ?? text.en ?? text['zh-CN'] ?? Object.values(text)[0] ?? '';
}

export function localizeChannel(channel: DepositChannel, lang: I18nLang): LocalizedDepositChannel {
  return {
    ...channel,
    account_name: pickText(channel.account_name, lang),
    bank: pickText(channel.bank, lang),
    branch: pickText(channel.branch, lang),
  };
}

export interface FundsSettings {
  channels: DepositChannel[];
  depositMax: Decimal;
  depositHours: string;
  /** Currencies that can be withdrawn, with their minimum per transaction. */
  withdrawMin: Partial<Record<Currency, Decimal>>;
  withdrawHours: string;
  withdrawArrival: string;
  window: WithdrawWindow;
}

const SPEC_DEPOSIT_MAX = new Decimal(500_000);
const SPEC_WITHDRAW_MIN_JPY = new Decimal(30_000);
const SPEC_HOURS = '09:00-15:30';

function parseChannels(text: string | undefined): DepositChannel[] {
  try {
    const value: unknown = JSON.parse(text ?? '[]');
    if (!Array.isArray(value)) return [];
    return value
      .filter(
        (c): c is DepositChannel & { account_type?: unknown } =>
          !!c &&
          typeof c === 'object' &&
          typeof c.id === 'string' &&
          (CURRENCIES as readonly string[]).includes(c.currency) &&
          typeof c.account_number === 'string' &&
          ['account_name', 'bank', 'branch'].every((k) => isLocalized((c as Record<string, unknown>)[k])),
      )
      .map((c) => ({
        id: c.id,
        currency: c.currency,
        account_name: c.account_name,
        account_type: (DEPOSIT_ACCOUNT_TYPES as readonly unknown[]).includes(c.account_type)
          ? (c.account_type as DepositAccountType)
          : null,
        account_number: c.account_number,
        bank: c.bank,
        branch: c.branch,
      }));
  } catch {
    return [];
  }
}

function parseHolidays(text: string | undefined): Set<string> {
  try {
    const value: unknown = JSON.parse(text ?? '[]');
    return new Set(
      Array.isArray(value)
        ? value.filter((d): d is string => typeof d === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(d))
        : [],
    );
  } catch {
    return new Set();
  }
}

const positive = (text: string | undefined): Decimal | undefined => {
  const value = parseDecimal(text);
  return value && value.isPositive() && !value.isZero() ? value : undefined;
};

export async function readFundsSettings(tx: Tx): Promise<FundsSettings> {
  const rows = await readConfigEntries(
    tx,
    ['deposit_channels', 'deposit_max', 'deposit_hours', 'withdraw_hours', 'withdraw_arrival', 'withdraw_holidays'],
    'withdraw_min_%',
  );
  const config = new Map(rows.map((row) => [row.name, row.value]));
  const withdrawMin: Partial<Record<Currency, Decimal>> = {};
  for (const currency of CURRENCIES) {
    const min = positive(config.get(`withdraw_min_${currency.toLowerCase()}`));
    if (min) withdrawMin[currency] = min;
  }
  withdrawMin.JPY ??= SPEC_WITHDRAW_MIN_JPY;
  const hoursText = config.get('withdraw_hours') ?? SPEC_HOURS;
  const hours = parseHours(hoursText) ?? parseHours(SPEC_HOURS)!;
  return {
    channels: parseChannels(config.get('deposit_channels')),
    depositMax: positive(config.get('deposit_max')) ?? SPEC_DEPOSIT_MAX,
    depositHours: config.get('deposit_hours') ?? '00:00-23:59',
    withdrawMin,
    withdrawHours: parseHours(hoursText) ? hoursText : SPEC_HOURS,
    withdrawArrival: config.get('withdraw_arrival') ?? '24h',
    window: { ...hours, holidays: parseHolidays(config.get('withdraw_holidays')) },
  };
}
