import { useRemoteTranslation } from './i18n';
import styles from './admin.module.css';

export interface PagerProps {
  page: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
}

/** Previous / next paging of a back-office table, with "page x of y · n rows". */
export function Pager({ page, total, pageSize, onPage }: PagerProps) {
  const { t } = useRemoteTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav className={styles.pager} aria-label={t('pager.label')}>
      <button
        type="button"
        className="ds-button ds-button--secondary"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t('pager.previous')}
      </button>
      <span className={styles.pagerText}>{t('pager.position', { page, pages, total })}</span>
      <button
        type="button"
        className="ds-button ds-button--secondary"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t('pager.next')}
      </button>
    </nav>
  );
}
