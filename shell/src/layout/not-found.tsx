import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export function NotFound() {
  const { t } = useTranslation('common');
  return (
    <div className="sh-fallback" data-not-found="">
      <p className="sh-fallback__code" aria-hidden="true">
        404
      </p>
      <h1 className="sh-fallback__title">{t('notFound.title')}</h1>
      <p className="sh-fallback__hint">{t('notFound.hint')}</p>
      <Link className="ds-button ds-button--primary" to="/home/index">
        {t('notFound.home')}
      </Link>
    </div>
  );
}

/** /admin/... for a session without a back-office role (the server's roles, never the is_admin hint). */
export function AdminNotAllowed() {
  const { t } = useTranslation('common');
  return (
    <div className="sh-fallback" role="alert" data-admin-denied="">
      <p className="sh-fallback__code" aria-hidden="true">
        403
      </p>
      <h1 className="sh-fallback__title">{t('adminDenied.title')}</h1>
      <p className="sh-fallback__hint">{t('adminDenied.hint')}</p>
      <Link className="ds-button ds-button--primary" to="/home/index">
        {t('adminDenied.home')}
      </Link>
    </div>
  );
}

/** The root errorElement: only reached when the shell itself fails (remotes have their own). */
export function AppError() {
  const { t } = useTranslation('common');
  return (
    <div className="sh-fallback" role="alert">
      <h1 className="sh-fallback__title">{t('appError.title')}</h1>
      <p className="sh-fallback__hint">{t('appError.hint')}</p>
      <button type="button" className="ds-button ds-button--primary" onClick={() => window.location.reload()}>
        {t('appError.reload')}
      </button>
    </div>
  );
}
