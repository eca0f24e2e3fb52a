import { useTranslation } from 'react-i18next';
import { shareCount } from 'shared/money';

/** This remote's i18n namespace: its federation name (CONTRIBUTING "Rules"). */
export const NAMESPACE = 'mf_ipo';

/** `t` bound to this remote's namespace. */
export function useRemoteTranslation() {
  return useTranslation(NAMESPACE);
}

/**
 * The options of a plural "{{lots}} lots" text (`info.lotCount`, `blockInfo.lotCount`), like shared/money's
 * shareCount: `count` picks the wording ("1 lot", "2 lots"), `lots` reads grouped ("1,000"); a value that is not a
 * number ("—") is shown as it is.
 */
export function lotCount(lots: unknown): { count: number; lots: string } {
  const { count, quantity } = shareCount(lots);
  return { count, lots: quantity };
}

/**
 * The options of the plural "{{days}} days" text (`info.days`), nested into a sentence as its `days` ("cannot be
 * sold for 1 day"): `count` picks the wording, `days` reads grouped; a missing value ("—") is shown as it is.
 */
export function dayCount(days: unknown): { count: number; days: string } {
  const { count, quantity } = shareCount(days ?? '—');
  return { count, days: quantity };
}
