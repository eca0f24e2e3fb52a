import { useNavigate, useRouteError } from 'react-router';
import { Button, PageFrame } from 'shared/ui';
import { useRemoteTranslation } from '#lib';
import styles from './route-error.module.css';

/**
 * The errorElement of every mf_copytrade route: a screen chunk that failed to load or a screen that
 * threw. The menu, the panel and the other remotes keep working; retry reloads the page.
 */
export function RouteError() {
  const error = useRouteError();
  const navigate = useNavigate();
  const { t } = useRemoteTranslation();
  if (error) console.error('mf_copytrade route error', error);
  return (
    <PageFrame title={t('error.title')}>
      <div className={styles.box} role="alert">
        <p className={styles.text}>{t('error.body')}</p>
        <Button onClick={() => navigate(0)}>{t('error.retry')}</Button>
      </div>
    </PageFrame>
  );
}
