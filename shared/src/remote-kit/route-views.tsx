import { useNavigate, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
// Precise modules, not the shared/ui barrel: these views sit in every remote's register chunk.
import { Button } from '../ui/button';
import { PageFrame } from '../ui/page-frame';
import { Skeleton } from '../ui/skeleton';
import './remote-kit.css';

export interface RemoteRouteErrorProps {
  /** The remote's i18n namespace (its federation name); it holds `error.title`, `error.body`, `error.retry`. */
  namespace: string;
}

/**
 * The errorElement of a remote's routes: a screen chunk that failed to load or a screen that threw.
 * The menu, the panel and the other remotes keep working; retry reloads the page.
 */
export function RemoteRouteError({ namespace }: RemoteRouteErrorProps) {
  const error = useRouteError();
  const navigate = useNavigate();
  const { t } = useTranslation(namespace);
  if (error) console.error(`${namespace} route error`, error);
  return (
    <PageFrame title={t('error.title')}>
      <div className="ds-route-error" role="alert">
        <p className="ds-route-error__text">{t('error.body')}</p>
        <Button onClick={() => navigate(0)}>{t('error.retry')}</Button>
      </div>
    </PageFrame>
  );
}

/**
 * Shown while a screen's chunk loads on the first visit (no text, nothing may be translated yet; the
 * region is marked busy).
 */
export function RemoteRouteLoading() {
  return (
    <div className="ds-page" aria-busy="true">
      <Skeleton shape="block" height="48px" />
      <Skeleton width="70%" />
      <Skeleton width="45%" />
    </div>
  );
}
