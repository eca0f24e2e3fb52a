/** The side panel's account figures: the total in a display currency, the rates, each currency's figures. */
import { useCallback, useEffect, useId, useState } from 'react';
import type { AxiosInstance } from 'axios';
import { useTranslation } from 'react-i18next';
import { Money, Skeleton } from 'shared/ui';
import {
  MARKET_CURRENCY,
  formatRate,
  heldFrozenParts,
  readAssetsDisplay,
  writeAssetsDisplay,
  type Currency,
} from 'shared/money';
import { loadAccountAssets, type AccountAssets } from './panel-data';

function Figure({
  label,
  value,
  currency,
  signed,
}: {
  label: string;
  value: string;
  currency: string;
  signed?: boolean;
}) {
  return (
    <div className="sh-panel__figure">
      <dt>{label}</dt>
      <dd>
        <Money value={value} currency={currency} signed={signed} />
      </dd>
    </div>
  );
}

/** One currency of the account: available, frozen (with its non-zero parts), debt, holdings. */
function CurrencyFigures({ row }: { row: AccountAssets['currencies'][number] }) {
  const { t } = useTranslation('common');
  const parts = heldFrozenParts(row.frozen_parts);
  const headingId = useId();
  return (
    <section className="sh-assets__currency" aria-labelledby={headingId} data-currency={row.currency}>
      <h3 id={headingId} className="sh-assets__currency-title">
        <span>{t('assets.currency', { currency: row.currency })}</span>
        <Money value={row.total} currency={row.currency} />
      </h3>
      <dl className="sh-panel__figures">
        <Figure label={t('assets.available')} value={row.available} currency={row.currency} />
        <Figure label={t('assets.frozen')} value={row.frozen} currency={row.currency} />
        <Figure label={t('assets.debt')} value={row.debt} currency={row.currency} />
        <Figure label={t('assets.holdingsValue')} value={row.holdings_value} currency={row.currency} />
        <Figure label={t('assets.unrealised')} value={row.unrealised} currency={row.currency} signed />
      </dl>
      {parts.length > 0 ? (
        <ul className="sh-assets__parts" aria-label={t('assets.frozen')}>
          {parts.map((key) => (
            <li key={key}>
              <span>{t(`assets.frozenParts.${key}`)}</span>
              <Money value={row.frozen_parts[key]} currency={row.currency} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/**
 * The account's total in one display currency (switchable, remembered), the mid rates it was
 * converted at and their time, and the per-currency figures one tap away.
 */
function AccountAssetsCard({
  assets,
  display,
  onDisplay,
}: {
  assets: AccountAssets | null;
  display: Currency;
  onDisplay: (currency: Currency) => void;
}) {
  const { t, i18n } = useTranslation('common');
  const selectId = useId();
  const choices = [
    ...new Set<Currency>([...Object.values(MARKET_CURRENCY), ...(assets?.currencies.map((c) => c.currency) ?? [])]),
  ];
  const shown = assets && assets.display === display ? assets : null;
  const time = shown?.rates_at
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(shown.rates_at),
      )
    : null;
  return (
    <>
      <div className="sh-assets__head">
        <p className="sh-panel__total-label">
          {t('assets.total')} <span className="sh-panel__currency">({display})</span>
        </p>
        <label className="sh-assets__switch" htmlFor={selectId}>
          <span className="ds-visually-hidden">{t('assets.displayCurrency')}</span>
          <select id={selectId} value={display} onChange={(e) => onDisplay(e.target.value as Currency)}>
            {choices.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="sh-panel__total" data-testid="panel-total">
        {shown ? <Money value={shown.total} currency={display} /> : <Skeleton width="160px" height="32px" />}
      </p>
      {shown && shown.rates.length > 0 ? (
        <p className="sh-assets__rates" data-testid="panel-rates">
          {t('assets.atRates', {
            rates: shown.rates
              .map((r) => t('assets.rate', { from: r.from, to: r.to, rate: formatRate(r.rate) }))
              .join(' · '),
          })}
          {time ? <span className="sh-assets__time"> {t('assets.ratesAsOf', { time })}</span> : null}
        </p>
      ) : null}
      {shown ? (
        <details className="sh-assets__breakdown">
          <summary>{t('assets.breakdown')}</summary>
          {shown.currencies.map((row) => (
            <CurrencyFigures key={row.currency} row={row} />
          ))}
        </details>
      ) : null}
    </>
  );
}

/** The account's figures in the chosen display currency (remembered), loaded when the panel opens with a session. */
export function usePanelAssets(http: AxiosInstance, open: boolean, token: string) {
  const [assets, setAssets] = useState<AccountAssets | null>(null);
  const [display, setDisplay] = useState<Currency>(readAssetsDisplay);
  const [failed, setFailed] = useState(false);

  const load = useCallback(async () => {
    setFailed(false);
    try {
      setAssets(await loadAccountAssets(http, display));
    } catch {
      setFailed(true);
    }
  }, [http, display]);

  useEffect(() => {
    if (open && token) void load();
  }, [open, token, load]);

  const chooseDisplay = (currency: Currency) => {
    setDisplay(currency);
    writeAssetsDisplay(currency);
  };
  return { assets, display, failed, load, chooseDisplay };
}

/** The panel's figures card, or why they are missing with a reload. */
export function PanelFigures({ figures }: { figures: ReturnType<typeof usePanelAssets> }) {
  const { t } = useTranslation('common');
  return (
    <section className="sh-panel__card" aria-label={t('assets.total')}>
      {figures.failed ? (
        <div className="sh-panel__failed" role="alert">
          <p>{t('panel.figuresUnavailable')}</p>
          <button type="button" className="ds-button ds-button--secondary" onClick={() => void figures.load()}>
            {t('panel.reload')}
          </button>
        </div>
      ) : (
        <AccountAssetsCard assets={figures.assets} display={figures.display} onDisplay={figures.chooseDisplay} />
      )}
    </section>
  );
}
