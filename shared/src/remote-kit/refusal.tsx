import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ApiError } from 'shared/api';
import type { HostContext } from '../mf';
import { Button } from '../ui/button';
import { formatDateTime } from './date-time';
import { formatMarketTime, MARKET_CLOCK_TEXT, type MarketCode, type MarketTimeOptions } from './market-time';
import { COMMON_WAY_OUT, COMMON_WAY_OUT_PREFIX, type WayOut } from './way-out';
import './remote-kit.css';

export { COMMON_WAY_OUT, type WayOut };

export interface RefusalProps {
  error: ApiError | undefined;
  /** Fields the form shows inline errors for: a refusal about one of them is shown there instead. */
  fields?: readonly string[];
  /** The market whose clock the refusal's instants are read in (overrides the remote's default). */
  market?: MarketCode;
}

export interface RefusalOptions {
  /** The remote's i18n namespace (its federation name). */
  namespace: string;
  /**
   * Prefix of the way-out texts in that namespace: `${prefix}.${msg}.text` (the hint),
   * `${prefix}.${msg}.action` (the link's label) and `${prefix}.customerService`.
   */
  keyPrefix: string;
  /**
   * The remote's way out of each refusal key, over COMMON_WAY_OUT (an entry here replaces the common one); a refusal
   * without an entry in either shows its message alone. A text missing under `keyPrefix` is read from the common one.
   */
  wayOut: Readonly<Record<string, WayOut>>;
  /** The remote's host context (its createHostHolder's `useHost`): opens the customer-service link. */
  useHost: () => Pick<HostContext, 'openCustomerService'>;
  /** The market whose clock instants are read in when a refusal names none (mf-funds: Japan time). */
  market?: MarketCode;
}

/**
 * A remote's inline refusal: the translated message naming the rule, with the server's values (an
 * instant such as the next open is shown in local date and time), and the way out (a link, or
 * customer service). The shell's toast goes after 2 s; this stays until the next attempt.
 */
export function createRefusal({
  namespace,
  keyPrefix,
  wayOut,
  useHost,
  market: defaultMarket,
}: RefusalOptions): ComponentType<RefusalProps> {
  const table: Readonly<Record<string, WayOut>> = { ...COMMON_WAY_OUT, ...wayOut };
  function Refusal({ error, fields, market }: RefusalProps) {
    const { t, i18n } = useTranslation(namespace);
    const host = useHost();
    if (!error || (error.field && fields?.includes(error.field))) return null;
    const way = table[error.msg];
    const values = readableValues(error.values ?? {}, i18n.language, market ?? defaultMarket);
    /** The remote's key of a way-out text if it has one, else the common one if that exists. */
    const textKey = (key: string): string | undefined =>
      [`${keyPrefix}.${key}`, `${COMMON_WAY_OUT_PREFIX}.${key}`].find((k) => i18n.exists(k, { ns: namespace }));
    const hintKey = way ? textKey(`${error.msg}.text`) : undefined;
    const hint = hintKey ? t(hintKey, values) : undefined;
    const actionKey = textKey(`${error.msg}.action`) ?? `${keyPrefix}.${error.msg}.action`;
    const serviceKey = textKey('customerService') ?? `${keyPrefix}.customerService`;
    return (
      <div className="ds-refusal" role="alert">
        <p className="ds-refusal__message">{t(`msg:${error.msg}`, { field: error.field ?? '', ...values })}</p>
        {hint ? <p className="ds-refusal__hint">{hint}</p> : null}
        {way?.to ? (
          <Link className="ds-button ds-button--secondary" to={way.to}>
            {t(actionKey, {})}
          </Link>
        ) : null}
        {way?.customerService ? (
          <Button variant="secondary" onClick={() => host.openCustomerService()}>
            {t(serviceKey, {})}
          </Button>
        ) : null}
      </div>
    );
  }
  return Refusal;
}

const MARKETS: readonly string[] = ['jpy', 'usd', 'cny'];
const textMarket = (value: string): MarketCode =>
  value.endsWith('JST') ? 'jpy' : value.endsWith('CST') ? 'cny' : 'usd';

/**
 * Refusal values as the user reads them: an ISO instant (e.g. the next open) in the market's clock naming its zone,
 * with the device's time when it differs ("09:00 JST · 00:00 your time"). The market is the values' own `market`,
 * else the one given; without either, the instant is shown in local date and time.
 */
export function readableValues(
  values: Readonly<Record<string, string>>,
  language: string,
  market?: MarketCode,
  options?: MarketTimeOptions,
): Record<string, string> {
  const own = values.market && MARKETS.includes(values.market) ? (values.market as MarketCode) : undefined;
  const clock = own ?? market;
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    const clockText = MARKET_CLOCK_TEXT.test(value);
    const instant = clockText || /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value);
    out[key] = !instant
      ? value
      : clockText || clock
        ? formatMarketTime(value, clockText ? textMarket(value) : clock!, language, options)
        : formatDateTime(value, language);
  }
  return out;
}
