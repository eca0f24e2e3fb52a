/**
 * The site config names the console edits (server migrations: site_config), each with how its value is checked
 * before sending. The contract accepts any name and any text up to 4000 characters; the console offers only these
 * names, and free text only where the value is free (the title, the links, the arrival wording). Names the public
 * /common/config does not answer (loan terms, four-eyes thresholds) show no current value.
 */
import type { FormFieldError } from 'shared/remote-kit';
import type { Row, Values } from './catalogue-types';

type Kind = 'text' | 'link' | 'flag' | 'amount' | 'percent' | 'fraction' | 'days' | 'dayList' | 'hours' | 'json';

export const CONFIG_KINDS = {
  title: 'text',
  logo: 'link',
  kefu: 'link',
  img_base: 'link',
  invite_required: 'flag',
  deposit_channels: 'json',
  deposit_hours: 'hours',
  deposit_max: 'amount',
  withdraw_min_jpy: 'amount',
  withdraw_min_usd: 'amount',
  withdraw_min_cny: 'amount',
  withdraw_hours: 'hours',
  withdraw_arrival: 'text',
  withdraw_holidays: 'json',
  loan_annual_rate_pct: 'percent',
  loan_terms_days: 'dayList',
  loan_term_days_default: 'days',
  four_eyes_withdrawal_jpy: 'amount',
  four_eyes_withdrawal_usd: 'amount',
  four_eyes_withdrawal_cny: 'amount',
  four_eyes_deposit_jpy: 'amount',
  four_eyes_deposit_usd: 'amount',
  four_eyes_deposit_cny: 'amount',
  four_eyes_daily_deposit_jpy: 'amount',
  four_eyes_daily_deposit_usd: 'amount',
  four_eyes_daily_deposit_cny: 'amount',
  four_eyes_daily_withdrawal_jpy: 'amount',
  four_eyes_daily_withdrawal_usd: 'amount',
  four_eyes_daily_withdrawal_cny: 'amount',
  market_order_buffer: 'fraction',
  block_lockup_days: 'days',
} as const satisfies Record<string, Kind>;
export type ConfigName = keyof typeof CONFIG_KINDS;
export const CONFIG_NAMES = Object.keys(CONFIG_KINDS) as ConfigName[];

const PATTERNS: Record<Kind, RegExp> = {
  text: /^[^\n\r]{1,200}$/,
  link: /^(https?:\/\/|\/)[^\s]{0,300}$/,
  flag: /^[01]$/,
  amount: /^\d{1,15}(\.\d{1,8})?$/,
  percent: /^\d{1,3}(\.\d{1,4})?$/,
  fraction: /^0(\.\d{1,6})?$|^1$/,
  days: /^[1-9]\d{0,3}$/,
  dayList: /^\[\s*[1-9]\d{0,3}(\s*,\s*[1-9]\d{0,3})*\s*\]$/,
  hours: /^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$/,
  json: /^[[{][\s\S]*[\]}]$/,
};

const parsesAsJson = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/** The kind of a config name's value (free text for a name the console does not know). */
export const kindOf = (name: string): Kind => (CONFIG_KINDS as Record<string, Kind>)[name] ?? 'text';

/** The value's check by its name's kind: `config_value_invalid` with the expected format's key. */
export function configRule(values: Values): Record<string, FormFieldError | undefined> {
  const kind = kindOf(values.name ?? '');
  const value = (values.value ?? '').trim();
  const fits = PATTERNS[kind].test(value) && (kind !== 'json' || parsesAsJson(value));
  return { value: fits ? undefined : { key: 'field_invalid' } };
}

/** Every known name, with its public value when /common/config answers one (`public` says it was read). */
export function configRows(data: unknown): { list: Row[]; total: number } {
  const entries = Array.isArray(data) ? (data as Array<{ name: string; value: string }>) : [];
  const known = new Map(entries.map((e) => [e.name, e.value]));
  const list: Row[] = CONFIG_NAMES.map((name) => ({
    name,
    value: known.get(name) ?? null,
    public: known.has(name),
  }));
  return { list, total: list.length };
}
