/** The scope element around each remote's routes, its fallback and its crash boundary. */
import { useEffect, useRef, useState } from 'react';
import { Link, useOutlet, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useRemoteState, useServices } from '../app/services';
import { releaseEarlyPaint } from '../boot/early-answers';

/**
 * Wraps a remote's screens: `data-remote` and `data-build` let a deployment be verified. Once a screen has replaced
 * the route's loading placeholder (`aria-busy` child, shared/remote-kit RemoteRouteLoading), index.html's early copy
 * of its data goes (docs/decisions/0030-early-quote-from-html.md).
 */
export function RemoteScope({ name }: { name: string }) {
  const state = useRemoteState(name);
  const scope = useRef<HTMLDivElement>(null);
  // the outlet read here (not through <Outlet />) so this scope re-renders, and checks, when its screen changes
  const outlet = useOutlet();
  useEffect(() => {
    if (scope.current && !scope.current.querySelector(':scope > [aria-busy="true"]')) releaseEarlyPaint();
  }, [outlet]);
  return (
    <div ref={scope} className="sh-remote" data-remote={name} data-build={state.build ?? ''}>
      {outlet}
    </div>
  );
}

function Fallback({ name, title, hint }: { name: string; title: string; hint: string }) {
  const { t } = useTranslation('common');
  const { retry } = useServices();
  const state = useRemoteState(name);
  const [clicked, setClicked] = useState(false);
  const busy = clicked && state.status === 'loading';
  // shown instead of the first screen: index.html's early copy of its data goes too
  useEffect(releaseEarlyPaint, []);
  const onRetry = async () => {
    setClicked(true);
    try {
      await retry(name);
    } finally {
      setClicked(false);
    }
  };
  return (
    <div className="sh-fallback" data-remote={name} data-remote-failed="">
      <div className="sh-fallback__icon" aria-hidden="true">
        <svg viewBox="0 0 48 48" width="56" height="56">
          <circle cx="24" cy="24" r="22" fill="var(--color-surface-2)" />
          <path d="M24 13v14" stroke="var(--color-text-3)" strokeWidth="3.5" strokeLinecap="round" />
          <circle cx="24" cy="34" r="2.5" fill="var(--color-text-3)" />
        </svg>
      </div>
      <h1 className="sh-fallback__title">{title}</h1>
      <p className="sh-fallback__hint">{hint}</p>
      <div className="sh-fallback__actions">
        <button
          type="button"
          className="ds-button ds-button--primary"
          onClick={onRetry}
          disabled={busy}
          aria-busy={busy || undefined}
        >
          {busy ? t('remote.retrying') : t('retry')}
        </button>
        <Link className="ds-button ds-button--ghost" to="/home/index">
          {t('remote.home')}
        </Link>
      </div>
    </div>
  );
}

/** Shown on every path of a remote that could not be loaded (unreachable, 404, 500, broken entry). */
export function RemoteUnavailable({ name }: { name: string }) {
  const { t } = useTranslation('common');
  return <Fallback name={name} title={t('remote.unavailableTitle')} hint={t('remote.unavailableHint')} />;
}

const LOAD_ERROR =
  /ChunkLoadError|Loading (CSS )?chunk|ScriptNetworkError|Failed to fetch dynamically imported module|RemoteLoadError/i;
const isLoadError = (error: unknown) => error instanceof Error && LOAD_ERROR.test(`${error.name} ${error.message}`);

/** errorElement of a remote's scope: a screen that threw while rendering or whose chunk failed. */
export function RemoteCrash({ name }: { name: string }) {
  const { t } = useTranslation('common');
  const error = useRouteError();
  if (typeof console !== 'undefined') console.error(`[shell] ${name} failed while rendering`, error);
  return isLoadError(error) ? (
    <Fallback name={name} title={t('remote.unavailableTitle')} hint={t('remote.unavailableHint')} />
  ) : (
    <Fallback name={name} title={t('remote.crashedTitle')} hint={t('remote.crashedHint')} />
  );
}
