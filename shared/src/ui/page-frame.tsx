import { useId, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';

export interface PageFrameProps {
  /** Already-translated title shown in the shared header. */
  title: string;
  /** Show the back button (default true). */
  back?: boolean;
  /** Optional header actions, e.g. the add and order buttons of spec §2. */
  actions?: ReactNode;
  /** Shows the "simulated data" label (market data from the simulator). */
  simulated?: boolean;
  children?: ReactNode;
}

/** Where the back button goes when the screen was opened directly (no history entry to go back to). */
const BACK_FALLBACK = '/home/index';

/** The page frame of every screen: shared header (back button, title, optional actions) and content. */
export function PageFrame({ title, back = true, actions, simulated, children }: PageFrameProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const { t } = useTranslation('common');
  const titleId = useId();
  const goBack = () => {
    // 'default' is the key of the first history entry: nothing to go back to inside the app.
    if (location.key === 'default') navigate(BACK_FALLBACK, { replace: true });
    else navigate(-1);
  };
  return (
    <section className="ds-page" aria-labelledby={titleId}>
      <header className="ds-header">
        {back ? (
          <button type="button" className="ds-header__back" aria-label={t('back')} onClick={goBack}>
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
              <path
                d="M15 5l-7 7 7 7"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </button>
        ) : (
          <span className="ds-header__spacer" />
        )}
        <h1 id={titleId} className="ds-header__title">
          {title}
        </h1>
        <div className="ds-header__actions">{actions}</div>
      </header>
      {simulated ? (
        <p className="ds-simulated" role="note">
          {t('simulatedData')}
        </p>
      ) : null}
      <div className="ds-page__body">{children}</div>
    </section>
  );
}
