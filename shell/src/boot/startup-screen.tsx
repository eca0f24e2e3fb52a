/**
 * Start-up loading screen (spec §1), the shell's own first paint. It needs only React: its state
 * comes from the start-up store and its text from the start-up strings, so it paints before the
 * router, Redux, i18next and axios have loaded. Each step reflects real work (boot.tsx and
 * app/start.tsx): starting (the rest of the shell loaded and running), checking app version
 * (remotes.json + the first remote's manifest), getting quote info (site config), connecting to
 * colocation host (the user's assets, skipped without a session), getting warrant info by issuing
 * broker (the first screen's remote), loaded.
 */
import { useEffect, useState } from 'react';
import { releaseEarlyPaint } from './early-answers';
import { logoSource } from './early-config';
import { STARTUP_STEPS, useStartup, type StartupStore } from './startup-state';
import type { StartupKey } from './startup-strings';

export interface StartupScreenProps {
  store: StartupStore;
  t: (key: StartupKey) => string;
  leaving: boolean;
  /** Retry after a failure (a fresh page load). */
  onRetry?: () => void;
}

export function StartupScreen({ store, t, leaving, onRetry = () => window.location.reload() }: StartupScreenProps) {
  const { steps, failed, config } = useStartup(store);
  const finished = STARTUP_STEPS.filter((s) => steps[s] !== 'pending').length;
  const current = STARTUP_STEPS.find((s) => steps[s] === 'pending');
  const logo = config.logo ? logoSource(`${config.img_base ?? ''}${config.logo}`) : '';
  return (
    <div
      className={leaving ? 'sh-startup sh-startup--leaving' : 'sh-startup'}
      role="dialog"
      aria-modal="true"
      aria-label={t('startup.label')}
      aria-busy={!leaving}
    >
      <div className="sh-startup__brand">
        {/* a fixed box: the logo replacing the mark does not move anything (CLS) */}
        <span className="sh-startup__logo-box">
          {logo ? (
            <img className="sh-startup__logo" src={logo} alt="" fetchPriority="high" />
          ) : (
            <span className="sh-startup__mark" aria-hidden="true">
              K
            </span>
          )}
        </span>
        <p className="sh-startup__name">{config.title || t('appName')}</p>
      </div>
      <div
        className="sh-startup__progress"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={STARTUP_STEPS.length}
        aria-valuenow={finished}
        aria-label={t('startup.label')}
      >
        <span style={{ transform: `scaleX(${finished / STARTUP_STEPS.length})` }} />
      </div>
      <p className="sh-startup__current" aria-live="polite">
        {failed ? t('startup.failed') : t(`startup.${current ?? 'loaded'}`)}
      </p>
      <ol className="sh-startup__steps">
        {STARTUP_STEPS.map((step) => (
          <li
            key={step}
            className={`sh-startup__step sh-startup__step--${steps[step]}`}
            data-step={step}
            data-status={steps[step]}
          >
            <span className="sh-startup__dot" aria-hidden="true" />
            {t(`startup.${step}`)}
          </li>
        ))}
      </ol>
      {failed ? (
        <button type="button" className="ds-button ds-button--primary" onClick={onRetry}>
          {t('retry')}
        </button>
      ) : null}
    </div>
  );
}

/** The start-up screen until start-up has finished, then a short fade (none under reduced motion). */
export function StartupOverlay({ store, t, onRetry }: Omit<StartupScreenProps, 'leaving'>) {
  const { steps, failed } = useStartup(store);
  const loaded = steps.loaded !== 'pending';
  const [gone, setGone] = useState(false);
  // start-up failed: no screen follows, so index.html's early copy of its data goes now (decisions/0030)
  useEffect(() => {
    if (failed) releaseEarlyPaint();
  }, [failed]);
  useEffect(() => {
    if (!loaded) return;
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    const timer = setTimeout(() => setGone(true), reduced ? 0 : 320);
    return () => clearTimeout(timer);
  }, [loaded]);
  return gone ? null : <StartupScreen store={store} t={t} leaving={loaded} {...(onRetry ? { onRetry } : {})} />;
}
