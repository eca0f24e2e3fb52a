import { formatMoney, parseDecimal } from 'shared/money';
import { formatLocalTime } from '#lib';

/** Wait after the last keystroke before asking the server for a quote (ms). */
export const QUOTE_DEBOUNCE_MS = 400;

/** An annual rate in per cent with at least one decimal: "1.5" → "1.5", "3" → "3.0". */
export const rateText = (pct: string) =>
  formatMoney(pct, { decimals: Math.max(1, parseDecimal(pct)?.decimalPlaces() ?? 1) });

/** The calendar date of an instant in the user's time zone: "2026-12-16". */
export const dateText = (iso: string | null | undefined) => formatLocalTime(iso).slice(0, 10);

/** The reader's language as the /lending/ calls take it (names of stocks in that language). */
export const apiLang = (language: string) =>
  (['zh-CN', 'en', 'ja'] as const).find((l) => l === language) ?? ('zh-CN' as const);
