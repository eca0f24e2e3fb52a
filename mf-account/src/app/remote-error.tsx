import { useLocation, useNavigate, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, PageFrame } from 'shared/ui';
import { NAMESPACE } from '../lib/host';
import { RemoteProviders } from './providers';
import styles from './remote-error.module.css';

/** A chunk that failed to download is only fixed by fetching again; a render error by rendering again. */
function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /loading (css )?chunk|failed to fetch dynamically imported module/i.test(error.message)
  );
}

function RemoteErrorView() {
  const { t } = useTranslation(NAMESPACE);
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  const retry = () => {
    if (isChunkLoadError(error)) window.location.reload();
    // A navigation to the same location clears the route error and renders the screen again.
    else navigate(`${location.pathname}${location.search}`, { replace: true });
  };
  return (
    <PageFrame title={t('remoteError.title')}>
      <div className={styles.box} role="alert">
        <p className={styles.hint}>{t('remoteError.hint')}</p>
        <Button onClick={retry} block>
          {t('remoteError.retry')}
        </Button>
        <Button variant="ghost" onClick={() => navigate('/login/start')} block>
          {t('remoteError.home')}
        </Button>
      </div>
    </PageFrame>
  );
}

/** The `errorElement` of every route of this remote: a translated fallback with a retry, inside the layout. */
export function RemoteError() {
  return (
    <RemoteProviders>
      <RemoteErrorView />
    </RemoteProviders>
  );
}
