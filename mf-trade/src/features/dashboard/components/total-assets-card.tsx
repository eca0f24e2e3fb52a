import { useId, useState } from 'react';
import { Card, Money, Skeleton } from 'shared/ui';
import {
  MARKET_CURRENCY,
  formatRate,
  heldFrozenParts,
  readAssetsDisplay,
  writeAssetsDisplay,
  type Currency,
} from 'shared/money';
import type { DataOf } from 'shared/contract';
import { useHost, useRemoteTranslation } from '#lib';
import { useGetAccountAssetsQuery } from '../api/get-account-assets';
import styles from './total-assets-card.module.css';

type Row = DataOf<'accountAssets'>['currencies'][number];
/** The account-wide strings are the shell's (`common`), shared with its side panel. */
const COMMON = { ns: 'common' } as const;

/**
 * The home dashboard's total assets: the whole account in one display currency (the account's, JPY,
 * by default, whatever market the quotes tab shows; the switch is remembered with the side panel's),
 * the mid rates it was converted at, and each currency's available, frozen and debt one tap away.
 */
export function TotalAssetsCard() {
  const { t, i18n } = useRemoteTranslation();
  const host = useHost();
  const session = host.getSession();
  const [display, setDisplay] = useState<Currency>(readAssetsDisplay);
  const assets = useGetAccountAssetsQuery({ display }, { skip: !session.token, refetchOnMountOrArgChange: true });
  const selectId = useId();
  const data = assets.currentData;
  const choices = [
    ...new Set<Currency>([...Object.values(MARKET_CURRENCY), ...(data?.currencies.map((c) => c.currency) ?? [])]),
  ];
  const choose = (currency: Currency) => {
    setDisplay(currency);
    writeAssetsDisplay(currency);
  };
  const time = data?.rates_at
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(data.rates_at),
      )
    : null;
  return (
    <Card className={styles.card} aria-label={t('assets.total', COMMON)}>
      <div className={styles.head}>
        <h2 className={styles.label}>
          {t('assets.total', COMMON)} <span className={styles.unit}>({display})</span>
        </h2>
        <label htmlFor={selectId} className={styles.switch}>
          <span className="ds-visually-hidden">{t('assets.displayCurrency', COMMON)}</span>
          <select id={selectId} value={display} onChange={(e) => choose(e.target.value as Currency)}>
            {choices.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
      </div>
      {assets.isError && !data ? (
        <div className={styles.failed} role="alert">
          <span>{t('assets.unavailable', COMMON)}</span>
          <button type="button" className="ds-button ds-button--secondary" onClick={() => void assets.refetch()}>
            {t('assets.reload', COMMON)}
          </button>
        </div>
      ) : (
        <p className={styles.total} data-testid="home-total">
          {data ? <Money value={data.total} currency={data.display} /> : <Skeleton width="160px" height="28px" />}
        </p>
      )}
      {data && data.rates.length > 0 ? (
        <p className={styles.rates} data-testid="home-rates">
          {t('assets.atRates', {
            ...COMMON,
            rates: data.rates
              .map((r) => t('assets.rate', { ...COMMON, from: r.from, to: r.to, rate: formatRate(r.rate) }))
              .join(' · '),
          })}
          {time ? <span className={styles.ratesTime}> {t('assets.ratesAsOf', { ...COMMON, time })}</span> : null}
        </p>
      ) : null}
      {data ? (
        <details className={styles.breakdown}>
          <summary>{t('assets.breakdown', COMMON)}</summary>
          {data.currencies.map((row) => (
            <CurrencyRow key={row.currency} row={row} />
          ))}
        </details>
      ) : null}
    </Card>
  );
}

function CurrencyRow({ row }: { row: Row }) {
  const { t } = useRemoteTranslation();
  const headingId = useId();
  const parts = heldFrozenParts(row.frozen_parts);
  const figure = (label: string, value: string, signed?: boolean) => (
    <div className={styles.figure}>
      <dt>{label}</dt>
      <dd>
        <Money value={value} currency={row.currency} signed={signed} />
      </dd>
    </div>
  );
  return (
    <section className={styles.currency} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.currencyTitle}>
        <span>{t('assets.currency', { ...COMMON, currency: row.currency })}</span>
        <Money value={row.total} currency={row.currency} />
      </h3>
      <dl className={styles.figures}>
        {figure(t('assets.available', COMMON), row.available)}
        {figure(t('assets.frozen', COMMON), row.frozen)}
        {figure(t('assets.debt', COMMON), row.debt)}
        {figure(t('assets.holdingsValue', COMMON), row.holdings_value)}
        {figure(t('assets.unrealised', COMMON), row.unrealised, true)}
      </dl>
      {parts.length > 0 ? (
        <ul className={styles.parts} aria-label={t('assets.frozen', COMMON)}>
          {parts.map((key) => (
            <li key={key}>
              <span>{t(`assets.frozenParts.${key}`, COMMON)}</span>
              <Money value={row.frozen_parts[key]} currency={row.currency} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
