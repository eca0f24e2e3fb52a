import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ApiError } from 'shared/api';
import type { HostContext } from '../mf';
import { Button } from '../ui/button';
import { formatDateTime } from './date-time';
import './remote-kit.css';

/** Where a refusal points: a route, customer service, or nowhere (its message says it all). */
export interface WayOut {
  to?: string;
  customerService?: true;
}

export interface RefusalProps {
  error: ApiError | undefined;
  /** Fields the form shows inline errors for: a refusal about one of them is shown there instead. */
  fields?: readonly string[];
}

export interface RefusalOptions {
  /** The remote's i18n namespace (its federation name). */
  namespace: string;
  /**
   * Prefix of the way-out texts in that namespace: `${prefix}.${msg}.text` (the hint),
   * `${prefix}.${msg}.action` (the link's label) and `${prefix}.customerService`.
   */
  keyPrefix: string;
  /** The way out of each refusal key; a refusal without an entry shows its message alone. */
  wayOut: Readonly<Record<string, WayOut>>;
  /** The remote's host context (its createHostHolder's `useHost`): opens the customer-service link. */
  useHost: () => Pick<HostContext, 'openCustomerService'>;
}

/**
 * A remote's inline refusal: the translated message naming the rule, with the server's values (an
 * instant such as the next open is shown in local date and time), and the way out (a link, or
 * customer service). The shell's toast goes after 2 s; this stays until the next attempt.
 */
export function createRefusal({ namespace, keyPrefix, wayOut, useHost }: RefusalOptions): ComponentType<RefusalProps> {
  function Refusal({ error, fields }: RefusalProps) {
    const { t, i18n } = useTranslation(namespace);
    const host = useHost();
    if (!error || (error.field && fields?.includes(error.field))) return null;
    const way = wayOut[error.msg];
    const values = readableValues(error.values ?? {}, i18n.language);
    const hintKey = `${keyPrefix}.${error.msg}.text`;
    const hint = way && i18n.exists(hintKey, { ns: namespace }) ? t(hintKey, values) : undefined;
    return (
      <div className="ds-refusal" role="alert">
        <p className="ds-refusal__message">{t(`msg:${error.msg}`, { field: error.field ?? '', ...values })}</p>
        {hint ? <p className="ds-refusal__hint">{hint}</p> : null}
        {way?.to ? (
          <Link className="ds-button ds-button--secondary" to={way.to}>
            {t(`${keyPrefix}.${error.msg}.action`)}
          </Link>
        ) : null}
        {way?.customerService ? (
          <Button variant="secondary" onClick={() => host.openCustomerService()}>
            {t(`${keyPrefix}.customerService`)}
          </Button>
        ) : null}
      </div>
    );
  }
  return Refusal;
}

/** Refusal values as the user reads them: an ISO instant (e.g. the next open) in local date and time. */
export function readableValues(values: Readonly<Record<string, string>>, language: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    out[key] = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) ? formatDateTime(value, language) : value;
  }
  return out;
}
