import { Link } from 'react-router';
import { useRemoteTranslation } from './i18n';
import styles from './admin.module.css';

/** Shown to a session the server does not know as an administrator (/admin/me refused or no roles). */
export function NotAllowed() {
  const { t } = useRemoteTranslation();
  return (
    <div className={styles.notAllowed} role="alert" data-admin-denied="">
      <h1 className={styles.notAllowedTitle}>{t('denied.title')}</h1>
      <p>{t('denied.hint')}</p>
      <Link className="ds-button ds-button--primary" to="/home/index">
        {t('denied.home')}
      </Link>
    </div>
  );
}
