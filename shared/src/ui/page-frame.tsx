import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
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

/** The page frame of every screen: shared header (back button, title, optional actions) and content. */
export function PageFrame({ title, back = true, actions, simulated, children }: PageFrameProps) {
  const navigate = useNavigate();
  const { t } = useTranslation('common');
  return (
    <section className="ds-page" aria-labelledby="ds-page-title">
      <header className="ds-header">
        {back ? (
          <button type="button" className="ds-header__back" aria-label={t('back')} onClick={() => navigate(-1)}>
            <span aria-hidden="true">‹</span>
          </button>
        ) : (
          <span className="ds-header__spacer" />
        )}
        <h1 id="ds-page-title" className="ds-header__title">{title}</h1>
        <div className="ds-header__actions">{actions}</div>
      </header>
      {simulated ? <p className="ds-simulated" role="note">{t('simulatedData')}</p> : null}
      <div className="ds-page__body">{children}</div>
    </section>
  );
}
