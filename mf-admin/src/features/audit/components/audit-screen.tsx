import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { apiErrorOf } from 'shared/remote-kit';
import { SkeletonList } from 'shared/ui';
import {
  adminStyles,
  AUDIT_PAGE_SIZE,
  NoticeLine,
  Pager,
  screenStyles,
  useAdminAccess,
  useGetAdminListQuery,
  useRemoteTranslation,
  type Notice,
} from '#lib';
import { useExportAuditMutation } from '../api/export-audit';
import { AUDIT_FILTER_KEYS, downloadCsv, exportFileName, filtersOf, type AuditFilters } from '../model/audit-filters';
import { AuditFilterForm } from './audit-filter-form';
import { AuditTable } from './audit-table';

/** A refusal in the catalogue (an invalid filter) reads as the server's message, else the generic failure. */
function useRefusalText(): (failure: unknown, fallback: string) => string {
  const { t, i18n } = useRemoteTranslation();
  return (failure, fallback) => {
    const e = apiErrorOf(failure);
    return e && i18n.exists(`msg:${e.msg}`) ? t(`msg:${e.msg}`, { ...e.values }) : fallback;
  };
}

/** The CSV export with the screen's filters: downloads the file and says how many rows (or why it failed). */
function useAuditExport(filters: AuditFilters) {
  const { t } = useRemoteTranslation();
  const refusal = useRefusalText();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [exportAudit, { isLoading: exporting }] = useExportAuditMutation();
  const onExport = async () => {
    setNotice(null);
    const result = await exportAudit(filters);
    if (result.data) {
      const file = exportFileName(result.data.filename);
      downloadCsv(file, result.data.csv);
      const values = { rows: result.data.rows, file };
      setNotice({
        tone: 'success',
        text: result.data.truncated ? t('audit.export.truncated', values) : t('audit.export.done', values),
      });
    } else {
      setNotice({ tone: 'danger', text: refusal(result.error, t('audit.export.failed')) });
    }
  };
  return { notice, setNotice, exporting, onExport };
}

/** The screen's title, and the export button for roles allowed /admin/auditCsv. */
function AuditHead(props: { title: string; onExport?: () => Promise<void>; exporting: boolean }) {
  const { t } = useRemoteTranslation();
  const { title, onExport, exporting } = props;
  return (
    <header className={screenStyles.head}>
      <h1 className={adminStyles.heading}>{title}</h1>
      {onExport ? (
        <button
          type="button"
          className="ds-button ds-button--secondary"
          disabled={exporting}
          onClick={() => void onExport()}
        >
          {t('audit.export.button')}
        </button>
      ) : null}
    </header>
  );
}

/**
 * /admin/audit: the append-only audit log, newest first, read-only: searched by operator, action, target and days
 * (the filters and the page in the address), page by page, and exported as CSV with the same filters.
 */
export function AuditScreen() {
  const { t } = useRemoteTranslation();
  const access = useAdminAccess();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const filters = filtersOf(params);
  const filtered = Object.keys(filters).length > 0;
  const { data, error, isLoading, isError, refetch } = useGetAdminListQuery({ name: 'adminAudit', page, filters });
  const mayExport = access.state === 'ok' && access.may('adminAuditCsv');
  const title = t('audit.title');
  const refusal = useRefusalText();
  const { notice, setNotice, exporting, onExport } = useAuditExport(filters);

  const apply = (next: AuditFilters) => {
    setNotice(null);
    setParams(
      () => {
        const search = new URLSearchParams();
        for (const key of AUDIT_FILTER_KEYS) if (next[key]) search.set(key, next[key]);
        return search;
      },
      { replace: true },
    );
  };

  return (
    <div className={screenStyles.screen}>
      <AuditHead title={title} onExport={mayExport ? onExport : undefined} exporting={exporting} />
      <section className={adminStyles.panel} aria-label={t('audit.filter.label')}>
        <AuditFilterForm key={JSON.stringify(filters)} filters={filters} onApply={apply} />
      </section>
      {notice ? <NoticeLine notice={notice} /> : null}
      <section className={adminStyles.panel} aria-label={title}>
        {isLoading ? <SkeletonList rows={5} /> : null}
        {isError ? (
          <div className={adminStyles.empty} role="alert">
            <p>{refusal(error, t('table.failed'))}</p>
            <button type="button" className="ds-button ds-button--secondary" onClick={() => void refetch()}>
              {t('frame.retry')}
            </button>
          </div>
        ) : null}
        {data && data.list.length === 0 ? (
          <p className={adminStyles.empty}>{filtered ? t('audit.noMatch') : t('audit.empty')}</p>
        ) : null}
        {data && data.list.length > 0 ? <AuditTable caption={title} rows={data.list} /> : null}
        {data ? (
          <Pager
            page={page}
            total={data.total}
            pageSize={AUDIT_PAGE_SIZE}
            onPage={(next) =>
              setParams(
                (previous) => {
                  const search = new URLSearchParams(previous);
                  search.set('page', String(next));
                  return search;
                },
                { replace: true },
              )
            }
          />
        ) : null}
      </section>
    </div>
  );
}
