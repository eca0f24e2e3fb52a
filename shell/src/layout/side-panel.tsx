/**
 * The user side panel (drawer): account and figures, entry links, customer service, language,
 * price colours and log out. Opened by HostContext.openPanel (e.g. the mine/home header button).
 */
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from 'shared/ui';
import type { HostContext, Language } from 'shared/mf';
import { useServices } from '../app/services';
import { selectSession } from 'shared/host-kit/session';
import { panelToggled, selectPanelOpen } from '../store/ui';
import type { RootState } from '../store/store';
import { Icon } from './icons';
import { PanelFigures, usePanelAssets } from './side-panel-assets';
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

/** The panel's heading: who is signed in, and the close button (focused when the panel opens). */
function PanelHeader({
  titleId,
  account,
  closeRef,
  onClose,
}: {
  titleId: string;
  account: string;
  closeRef: Ref<HTMLButtonElement>;
  onClose: () => void;
}) {
  const { t } = useTranslation('common');
  return (
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
            {account}
          </span>
        </p>
      </div>
      <button
        ref={closeRef}
        type="button"
        className="ds-icon-button sh-panel__close"
        aria-label={t('panel.close')}
        onClick={onClose}
      >
        <Icon name="close" />
      </button>
    </header>
  );
}

/** The entry tiles (the inbox's with its unread count). */
function PanelLinks({ unread, onGo }: { unread: number | undefined; onGo: (path: string) => void }) {
  const { t } = useTranslation('common');
  return (
    <nav aria-label={t('panel.services')}>
      <ul className="sh-panel__grid">
        {PANEL_LINKS.map(([key, path]) => (
          <li key={key}>
            <a
              href={`#${path}`}
              className="sh-panel__tile"
              onClick={(e) => {
                e.preventDefault();
                onGo(path);
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
  );
}

/** The language row: another language is stored and the page reloads in it. */
function LanguageRow({ titleId, current }: { titleId: string; current: Language }) {
  const { t } = useTranslation('common');
  const chooseLanguage = (language: Language) => {
    if (language === current) return;
    localStorage.setItem('language', language);
    window.location.reload();
  };
  return (
    <li className="sh-panel__row sh-panel__row--static">
      <Icon name="language" />
      <span id={`${titleId}-lang`}>{t('panel.language')}</span>
      <div className="sh-panel__choices" role="group" aria-labelledby={`${titleId}-lang`}>
        {LANGUAGE_CHOICES.map((language) => (
          <button
            key={language}
            type="button"
            lang={language === 'cn' ? 'zh-CN' : language === 'us' ? 'en' : 'ja'}
            aria-pressed={language === current}
            className={language === current ? 'sh-chip sh-chip--on' : 'sh-chip'}
            onClick={() => chooseLanguage(language)}
          >
            {t(`panel.languages.${language}`)}
          </button>
        ))}
      </div>
    </li>
  );
}

/** The price colours row (red-up or green-up). */
function UpDownRow({
  titleId,
  upDown,
  onChoose,
}: {
  titleId: string;
  upDown: UpDown;
  onChoose: (value: UpDown) => void;
}) {
  const { t } = useTranslation('common');
  return (
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
            onClick={() => onChoose(value)}
          >
            {t(value === 'red-up' ? 'panel.redUp' : 'panel.greenUp')}
          </button>
        ))}
      </div>
    </li>
  );
}

/** The price colours: the remembered choice (else the language's), kept while the shell runs. */
function useUpDown(language: Language) {
  const [upDown, setUpDown] = useState<UpDown>(() => readUpDown(language));
  const chooseUpDown = (value: UpDown) => {
    setUpDown(value);
    writeUpDown(value);
  };
  return [upDown, chooseUpDown] as const;
}

/** Log out, confirmed first: the dialog's state and the logout itself. */
function useLogout(ctx: HostContext) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async (done: () => void) => {
    setBusy(true);
    await ctx.logout();
    setBusy(false);
    setConfirming(false);
    done();
  };
  return { confirming, setConfirming, busy, confirm };
}

export function SidePanel() {
  const { t } = useTranslation('common');
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const { http, ctx } = useServices();
  const open = useSelector((s: RootState) => selectPanelOpen(s));
  const session = useSelector((s: RootState) => selectSession(s));
  const logout = useLogout(ctx);
  const [upDown, chooseUpDown] = useUpDown(session.language);
  const titleId = useId();
  const unread = useUnreadCount(http, session, open);
  const figures = usePanelAssets(http, open, session.token);
  const closeRef = useRef<HTMLButtonElement>(null);

  const close = useCallback(() => dispatch(panelToggled(false)), [dispatch]);

  useEffect(() => {
    if (open) closeRef.current?.focus();
  }, [open]);

  if (!open) return null;

  const go = (path: string) => {
    close();
    navigate(path);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && !logout.confirming) close();
  };

  return (
    <div className="sh-drawer" onKeyDown={onKeyDown}>
      <div className="sh-drawer__backdrop" aria-hidden="true" onClick={close} />
      <aside className="sh-panel" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <PanelHeader titleId={titleId} account={session.account} closeRef={closeRef} onClose={close} />
        <PanelFigures figures={figures} />
        <PanelLinks unread={unread} onGo={go} />
        <ul className="sh-panel__list" aria-label={t('panel.settings')}>
          <AdminEntry onGo={go} />
          <li>
            <button type="button" className="sh-panel__row" onClick={() => ctx.openCustomerService()}>
              <Icon name="service" />
              <span>{t('panel.customerService')}</span>
              <Icon name="chevron" size={18} />
            </button>
          </li>
          <LanguageRow titleId={titleId} current={session.language} />
          <UpDownRow titleId={titleId} upDown={upDown} onChoose={chooseUpDown} />
        </ul>

        <button
          type="button"
          className="ds-button ds-button--secondary ds-button--block sh-panel__logout"
          onClick={() => logout.setConfirming(true)}
        >
          <Icon name="logout" size={20} />
          {t('panel.logout')}
        </button>
      </aside>
      <ConfirmDialog
        open={logout.confirming}
        title={t('panel.logoutConfirm')}
        confirmLabel={t('panel.logout')}
        tone="danger"
        busy={logout.busy}
        onCancel={() => logout.setConfirming(false)}
        onConfirm={() => logout.confirm(close)}
      />
    </div>
  );
}
