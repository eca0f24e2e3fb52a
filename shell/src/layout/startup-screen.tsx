/**
 * Start-up loading screen (spec §1), the shell's own first paint. Each step reflects real work
 * (app/start.ts): starting, checking app version (remotes.json + the first remote's manifest),
 * getting quote info (site config), connecting to colocation host (the user's assets, skipped
 * without a session), getting warrant info by issuing broker (the first screen's remote), loaded.
 */
import { useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import { selectConfig, selectStartup, selectStartupFailed, STARTUP_STEPS } from '../store/ui';
import type { RootState } from '../store/store';

export function StartupScreen({ leaving }: { leaving: boolean }) {
  const { t } = useTranslation('common');
  const steps = useSelector((s: RootState) => selectStartup(s));
  const failed = useSelector((s: RootState) => selectStartupFailed(s));
  const config = useSelector((s: RootState) => selectConfig(s));
  const finished = STARTUP_STEPS.filter((s) => steps[s] !== 'pending').length;
  const current = STARTUP_STEPS.find((s) => steps[s] === 'pending');
  const logo = config.logo ? `${config.img_base ?? ''}${config.logo}` : '';
  return (
    <div className={leaving ? 'sh-startup sh-startup--leaving' : 'sh-startup'} role="dialog" aria-modal="true" aria-label={t('startup.label')} aria-busy={!leaving}>
      <div className="sh-startup__brand">
        {logo ? <img className="sh-startup__logo" src={logo} alt="" /> : <span className="sh-startup__mark" aria-hidden="true">K</span>}
        <p className="sh-startup__name">{config.title || t('appName')}</p>
      </div>
      <div className="sh-startup__progress" role="progressbar" aria-valuemin={0} aria-valuemax={STARTUP_STEPS.length} aria-valuenow={finished} aria-label={t('startup.label')}>
        <span style={{ transform: `scaleX(${finished / STARTUP_STEPS.length})` }} />
      </div>
      <p className="sh-startup__current" aria-live="polite">{failed ? t('startup.failed') : t(`startup.${current ?? 'loaded'}`)}</p>
      <ol className="sh-startup__steps">
        {STARTUP_STEPS.map((step) => (
          <li key={step} className={`sh-startup__step sh-startup__step--${steps[step]}`} data-step={step} data-status={steps[step]}>
            <span className="sh-startup__dot" aria-hidden="true" />
            {t(`startup.${step}`)}
          </li>
        ))}
      </ol>
      {failed ? (
        <button type="button" className="ds-button ds-button--primary" onClick={() => window.location.reload()}>
          {t('retry')}
        </button>
      ) : null}
    </div>
  );
}
