/**
 * Money and quantities are decimals (decimal.js in code, numeric in SQL, strings on the wire).
 * Never a JavaScript number for money. Rounding rule: ROUND_HALF_EVEN to each currency's minor unit
 * when money is booked; display always shows 2 decimals with thousands separators (spec §5).
 */
import Decimal from 'decimal.js';

export { Decimal };

export const CURRENCIES = ['CNY', 'TWD', 'HKD', 'USD', 'THB', 'JPY', 'VND', 'MYR', 'KRW'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** Minor-unit digits per currency (ARCHITECTURE.md: JPY, KRW, VND 0; others 2). */
export const MINOR_UNITS: Record<Currency, number> = {
  CNY: 2,
  TWD: 2,
  HKD: 2,
  USD: 2,
  THB: 2,
  JPY: 0,
  VND: 0,
  MYR: 2,
  KRW: 0,
};

/** Market code (session `market`) to its trading currency. */
export const MARKET_CURRENCY = { jpy: 'JPY', usd: 'USD', cny: 'CNY' } as const;

const DECIMAL_RE = /^-?\d+(\.\d+)?$/;

/** Parses a decimal string strictly (no exponent, no spaces, no thousands separators); undefined if malformed. */
export function parseDecimal(input: unknown): Decimal | undefined {
  if (typeof input !== 'string' && typeof input !== 'number') return undefined;
  const text = String(input).trim();
  if (!DECIMAL_RE.test(text)) return undefined;
  return new Decimal(text);
}

/**
 * Rounds an amount to a currency's minor unit (half-even, the banker's rule, so rounding creates no money on
 * average).
 */
export function roundMoney(amount: Decimal.Value, currency: Currency): Decimal {
  return new Decimal(amount).toDecimalPlaces(MINOR_UNITS[currency], Decimal.ROUND_HALF_EVEN);
}

/** Wire form of an amount: a plain decimal string, never exponent notation. */
export function toWire(amount: Decimal.Value): string {
  return new Decimal(amount).toFixed();
}

function groupThousands(integer: string): string {
  return integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * Formats money for display: 2 decimals, thousands separators, half-up display rounding
 * (spec §5: "Money is shown with 2 decimals and thousands separators"). `'-'` and empty values
 * show as 0.00 (spec §3: '-' means 0).
 */
export function formatMoney(
  amount: Decimal.Value | null | undefined | '-',
  options: { decimals?: number; sign?: boolean } = {},
): string {
  const decimals = options.decimals ?? 2;
  const value =
    amount === null || amount === undefined || amount === '-' || amount === '' ? new Decimal(0) : new Decimal(amount);
  const fixed = value.abs().toFixed(decimals, Decimal.ROUND_HALF_UP);
  const [int, frac] = fixed.split('.');
  const isZero = new Decimal(fixed).isZero();
  const sign = value.isNegative() && !isZero ? '-' : options.sign && !isZero ? '+' : '';
  return `${sign}${groupThousands(int!)}${frac ? `.${frac}` : ''}`;
}

/**
 * The options of a plural "{{quantity}} shares" text: `count` picks the plural form ("1 share", "2 shares": i18next's
 * `_one` / `_other` keys), `quantity` reads grouped ("1,000"), with the decimals it has; a value that is not a number
 * ("—") is shown as it is. `count` only chooses the wording: it is never computed with.
 */
export function shareCount(quantity: unknown): { count: number; quantity: string } {
  const value = parseDecimal(quantity);
  if (!value)
    return { count: Number.NaN, quantity: quantity === null || quantity === undefined ? '' : String(quantity) };
  return { count: value.toNumber(), quantity: formatMoney(value, { decimals: value.decimalPlaces() }) };
}

/** Formats a ratio as a percentage with 2 decimals and a sign: 0.0123 → "+1.23%". */
export function formatPercent(ratio: Decimal.Value, options: { sign?: boolean } = { sign: true }): string {
  return `${formatMoney(new Decimal(ratio).times(100), { sign: options.sign ?? true })}%`;
}

/** Parses what formatMoney printed (for round-trip tests and pasted values). */
export function parseFormatted(text: string): Decimal | undefined {
  return parseDecimal(text.replace(/,/g, '').replace(/^\+/, ''));
}

/** Units a large figure is shortened by, largest first: 万/亿 in Chinese, 万/億 in Japanese, K/M/B in English. */
const COMPACT_UNITS: Readonly<Record<'zh-CN' | 'en' | 'ja', readonly (readonly [number, string])[]>> = {
  'zh-CN': [
    [12, '万亿'],
    [8, '亿'],
    [4, '万'],
  ],
  ja: [
    [12, '兆'],
    [8, '億'],
    [4, '万'],
  ],
  en: [
    [12, 'T'],
    [9, 'B'],
    [6, 'M'],
    [3, 'K'],
  ],
};

/** Below this a figure is shown in full in every language: 9,999 stays 9,999. */
const COMPACT_FROM = new Decimal(10_000);

function compactLanguage(language: string | undefined): 'zh-CN' | 'en' | 'ja' {
  if (language === 'us' || language?.startsWith('en')) return 'en';
  if (language === 'jp' || language?.startsWith('ja')) return 'ja';
  return 'zh-CN';
}

/**
 * A large figure shortened by the reader's language where space is tight: 10,000 → "1万" (zh-CN, ja) or "10K" (en);
 * 123,456,789 → "1.23亿" / "1.23億" / "123.46M". Decimal-safe: the string is scaled by powers of ten and rounded
 * half-up to at most `digits` decimals (trailing zeros dropped), never through a float. Below 10,000 the figure is
 * shown in full with thousands separators (`decimals` fixed, else as given). `'-'` and empty values read 0.
 * Language: the session's code (cn, us, jp) or its tag.
 */
export function formatCompact(
  value: Decimal.Value | null | undefined | '-',
  language: string | undefined,
  options: { digits?: number; decimals?: number } = {},
): string {
  const digits = options.digits ?? 2;
  const amount =
    value === null || value === undefined || value === '-' || value === '' ? new Decimal(0) : new Decimal(value);
  const sign = amount.isNegative() && !amount.isZero() ? '-' : '';
  const abs = amount.abs();
  if (abs.lessThan(COMPACT_FROM)) {
    const full = options.decimals === undefined ? abs.toFixed() : abs.toFixed(options.decimals, Decimal.ROUND_HALF_UP);
    const [int, frac] = full.split('.');
    return `${sign}${groupThousands(int!)}${frac ? `.${frac}` : ''}`;
  }
  const units = COMPACT_UNITS[compactLanguage(language)];
  let index = units.findIndex(([power]) => abs.greaterThanOrEqualTo(new Decimal(10).pow(power)));
  let scaled = abs.dividedBy(new Decimal(10).pow(units[index]![0])).toDecimalPlaces(digits, Decimal.ROUND_HALF_UP);
  // 99,999,999 reads 1亿, not 10000万: a figure rounded up to the next unit takes that unit.
  if (index > 0) {
    const next = units[index - 1]!;
    if (scaled.times(new Decimal(10).pow(units[index]![0])).greaterThanOrEqualTo(new Decimal(10).pow(next[0]))) {
      index -= 1;
      scaled = abs.dividedBy(new Decimal(10).pow(next[0])).toDecimalPlaces(digits, Decimal.ROUND_HALF_UP);
    }
  }
  const [int, frac] = scaled.toFixed().split('.');
  return `${sign}${groupThousands(int!)}${frac ? `.${frac}` : ''}${units[index]![1]}`;
}

/**
 * The account's own currency: that of the default market (spec §3, §9: jpy → JPY). Money screens
 * (total assets, deposit, withdrawal) start in it. They do not follow the session's `market`: that
 * is the market the quotes tab showed last (a browsing choice), which would turn a yen account's
 * deposit form and total into CNY after a look at China's quotes.
 */
export const ACCOUNT_CURRENCY: Currency = MARKET_CURRENCY.jpy;

/** localStorage key of the currency the total assets are shown in (side panel and home), once chosen. */
export const ASSETS_DISPLAY_KEY = 'assets_display';

/** The display currency of the total assets: the user's remembered choice, else ACCOUNT_CURRENCY. */
export function readAssetsDisplay(): Currency {
  let stored: string | null = null;
  try {
    stored = globalThis.localStorage?.getItem(ASSETS_DISPLAY_KEY) ?? null;
  } catch {
    // Storage may be unavailable (private mode): fall back to the account's currency.
  }
  return (CURRENCIES as readonly string[]).includes(stored ?? '') ? (stored as Currency) : ACCOUNT_CURRENCY;
}

export function writeAssetsDisplay(currency: Currency): void {
  try {
    globalThis.localStorage?.setItem(ASSETS_DISPLAY_KEY, currency);
  } catch {
    // Not remembered; the choice still holds on this screen.
  }
}

/** The parts of a currency's frozen money (accountAssets `frozen_parts`, spec §4), in the screens' order. */
export const FROZEN_PART_KEYS = [
  'new_shares',
  'withdrawals',
  'copy_trades',
  'credit_orders',
  'holdings',
  'pending_orders',
] as const;
export type FrozenPartKey = (typeof FROZEN_PART_KEYS)[number];

/** The frozen parts that hold money (not zero), in FROZEN_PART_KEYS order: what the side panel and home list. */
export function heldFrozenParts(parts: Readonly<Record<FrozenPartKey, string>>): FrozenPartKey[] {
  return FROZEN_PART_KEYS.filter((key) => !new Decimal(parts[key]).isZero());
}

/** An exchange rate for reading: six significant digits, no exponent ("150", "20.8333", "0.00666667"). */
export function formatRate(rate: string): string {
  return new Decimal(rate).toSignificantDigits(6, Decimal.ROUND_HALF_UP).toFixed();
}
