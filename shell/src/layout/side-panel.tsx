/**
 * The user side panel (drawer): account and figures, entry links, customer service, language,
 * price colours and log out. Opened by HostContext.openPanel (e.g. the mine/home header button).
 */
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, Money, Skeleton } from 'shared/ui';
import { MARKET_CURRENCY, formatRate, readAssetsDisplay, writeAssetsDisplay, type Currency } from 'shared/money';
import type { Language } from 'shared/mf';
import { useServices } from '../app/services';
import { selectSession } from 'shared/host-kit/session';
import { panelToggled, selectPanelOpen } from '../store/ui';
import type { RootState } from '../store/store';
import { Icon } from './icons';
import { loadAccountAssets, type AccountAssets } from './panel-data';
import { useUnreadCount } from './inbox-unread';
import { AdminEntry } from './admin-entry';
import '../styles/panel.css';
import { readUpDown, writeUpDown, type UpDown } from '../app/updown';

/**
 * The panel's entries. "Mine" (the account page with every setting) and "Security" (two-step verification,
 * passkeys, signed-in devices) come first: the tab bar has neither, so the panel is where they are reached.
 */
export const PANEL_LINKS = [
  ['mine', '/mine/index'],
  ['security', '/mine/security'],
  ['verified', '/mine/verified'],
  ['message', '/mine/message'],
  ['deposit', '/mine/deposit'],
  ['withdraw', '/mine/withdraw'],
  ['loan', '/mine/loan'],
  ['bank', '/mine/bank'],
  ['loginPassword', '/mine/loginPassword'],
  ['fundPassword', '/mine/fundPassword'],
  ['about', '/mine/about'],
  ['privacy', '/mine/privacy'],
  ['transactionRecords', '/mine/transactionRecords'],
] as const;

const LANGUAGE_CHOICES: readonly Language[] = ['cn', 'us', 'jp'];

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

const PART_KEYS = ['new_shares', 'withdrawals', 'copy_trades', 'credit_orders', 'holdings', 'pending_orders'] as const;
const isZero = (value: string) => /^-?0*(\.0*)?$/.test(value);

/** One currency of the account: available, frozen (with its non-zero parts), debt, holdings. */
function CurrencyFigures({ row }: { row: AccountAssets['currencies'][number] }) {
  const { t } = useTranslation('common');
  const parts = PART_KEYS.filter((key) => !isZero(row.frozen_parts[key]));
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

export function SidePanel() {
  const { t } = useTranslation('common');
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const { http, ctx } = useServices();
  const open = useSelector((s: RootState) => selectPanelOpen(s));
  const session = useSelector((s: RootState) => selectSession(s));
  const [assets, setAssets] = useState<AccountAssets | null>(null);
  const [display, setDisplay] = useState<Currency>(readAssetsDisplay);
  const [failed, setFailed] = useState(false);
  const [confirmLogout, setConfirmLogout] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const [upDown, setUpDown] = useState<UpDown>(() => readUpDown(session.language));
  const titleId = useId();
  const unread = useUnreadCount(http, session, open);
  const closeRef = useRef<HTMLButtonElement>(null);

  const close = useCallback(() => dispatch(panelToggled(false)), [dispatch]);

  const load = useCallback(async () => {
    setFailed(false);
    try {
      setAssets(await loadAccountAssets(http, display));
    } catch {
      setFailed(true);
    }
  }, [http, display]);

  useEffect(() => {
    if (open && session.token) void load();
  }, [open, session.token, load]);

  useEffect(() => {
    if (open) closeRef.current?.focus();
  }, [open]);

  if (!open) return null;

  const go = (path: string) => {
    close();
    navigate(path);
  };
  const chooseLanguage = (language: Language) => {
    if (language === session.language) return;
    localStorage.setItem('language', language);
    window.location.reload();
  };
  const chooseUpDown = (value: UpDown) => {
    setUpDown(value);
    writeUpDown(value);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && !confirmLogout) close();
  };
  const chooseDisplay = (currency: Currency) => {
    setDisplay(currency);
    writeAssetsDisplay(currency);
  };

  return (
    <div className="sh-drawer" onKeyDown={onKeyDown}>
      <div className="sh-drawer__backdrop" aria-hidden="true" onClick={close} />
      <aside className="sh-panel" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <header className="sh-panel__header">
          <span className="sh-panel__avatar" aria-hidden="true">
            <Icon name="user" size={28} />
          </span>
          <div className="sh-panel__who">
            <h2 id={titleId} className="sh-panel__title">
              {t('panel.title')}
            </h2>
            <p className="sh-panel__account">
              <span className="ds-visually-hidden">{t('panel.account')}: </span>
              <span className="ds-num" data-testid="panel-account">
                {session.account}
              </span>
            </p>
          </div>
          <button
            ref={closeRef}
            type="button"
            className="ds-icon-button sh-panel__close"
            aria-label={t('panel.close')}
            onClick={close}
          >
            <Icon name="close" />
          </button>
        </header>

        <section className="sh-panel__card" aria-label={t('assets.total')}>
          {failed ? (
            <div className="sh-panel__failed" role="alert">
              <p>{t('panel.figuresUnavailable')}</p>
              <button type="button" className="ds-button ds-button--secondary" onClick={() => void load()}>
                {t('panel.reload')}
              </button>
            </div>
          ) : (
            <AccountAssetsCard assets={assets} display={display} onDisplay={chooseDisplay} />
          )}
        </section>

        <nav aria-label={t('panel.services')}>
          <ul className="sh-panel__grid">
            {PANEL_LINKS.map(([key, path]) => (
              <li key={key}>
                <a
                  href={`#${path}`}
                  className="sh-panel__tile"
                  onClick={(e) => {
                    e.preventDefault();
                    go(path);
                  }}
                >
                  <Icon name={key} />
                  <span>{t(`panel.links.${key}`)}</span>
                  {key === 'message' && unread ? (
                    <span className="sh-panel__badge" role="status">
                      {t('panel.unread', { count: unread })}
                    </span>
                  ) : null}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <ul className="sh-panel__list" aria-label={t('panel.settings')}>
          <AdminEntry onGo={go} />
          <li>
            <button type="button" className="sh-panel__row" onClick={() => ctx.openCustomerService()}>
              <Icon name="service" />
              <span>{t('panel.customerService')}</span>
              <Icon name="chevron" size={18} />
            </button>
          </li>
          <li className="sh-panel__row sh-panel__row--static">
            <Icon name="language" />
            <span id={`${titleId}-lang`}>{t('panel.language')}</span>
            <div className="sh-panel__choices" role="group" aria-labelledby={`${titleId}-lang`}>
              {LANGUAGE_CHOICES.map((language) => (
                <button
                  key={language}
                  type="button"
                  lang={language === 'cn' ? 'zh-CN' : language === 'us' ? 'en' : 'ja'}
                  aria-pressed={language === session.language}
                  className={language === session.language ? 'sh-chip sh-chip--on' : 'sh-chip'}
                  onClick={() => chooseLanguage(language)}
                >
                  {t(`panel.languages.${language}`)}
                </button>
              ))}
            </div>
          </li>
          <li className="sh-panel__row sh-panel__row--static">
            <span className="sh-panel__updown" aria-hidden="true">
              <span className="ds-num--up">▲</span>
              <span className="ds-num--down">▼</span>
            </span>
            <span id={`${titleId}-updown`}>{t('panel.upDown')}</span>
            <div className="sh-panel__choices" role="group" aria-labelledby={`${titleId}-updown`}>
              {(['red-up', 'green-up'] as const).map((value) => (
                <button
                  key={value}
                  type="button"
                  aria-pressed={upDown === value}
                  className={upDown === value ? 'sh-chip sh-chip--on' : 'sh-chip'}
                  onClick={() => chooseUpDown(value)}
                >
                  {t(value === 'red-up' ? 'panel.redUp' : 'panel.greenUp')}
                </button>
              ))}
            </div>
          </li>
        </ul>

        <button
          type="button"
          className="ds-button ds-button--secondary ds-button--block sh-panel__logout"
          onClick={() => setConfirmLogout(true)}
        >
          <Icon name="logout" size={20} />
          {t('panel.logout')}
        </button>
      </aside>
      <ConfirmDialog
        open={confirmLogout}
        title={t('panel.logoutConfirm')}
        confirmLabel={t('panel.logout')}
        tone="danger"
        busy={loggingOut}
        onCancel={() => setConfirmLogout(false)}
        onConfirm={async () => {
          setLoggingOut(true);
          await ctx.logout();
          setLoggingOut(false);
          setConfirmLogout(false);
          close();
        }}
      />
    </div>
  );
}
