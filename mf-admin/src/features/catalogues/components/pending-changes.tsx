import { Link } from 'react-router';
import type { EndpointName } from 'shared/contract';
import { formatDateTime } from 'shared/remote-kit';
import {
  adminStyles,
  APPROVALS_PATH,
  FieldValue,
  PayloadSummary,
  screenStyles,
  useAdminAccess,
  useRemoteTranslation,
} from '#lib';
import { useGetCatalogueQuery } from '../api/catalogue-api';
import type { CatalogueDescription } from '../model/catalogue-types';
import styles from './catalogues.module.css';

interface PendingRow {
  id: number;
  endpoint: string;
  payload: unknown;
  requester: string;
  requested_at: string;
}

/** The endpoints of a catalogue's changes (its create form and its row actions). */
export const changeEndpoints = (catalogue: CatalogueDescription): EndpointName[] => [
  ...(catalogue.create ? [catalogue.create.form.endpoint] : []),
  ...catalogue.actions.map((action) => action.form.endpoint),
];

/**
 * The catalogue's changes waiting for a second administrator (four-eyes, always; ADR 0026): what, who submitted it
 * and when, and a link to decide it on /admin/approvals. Read from the pending requests (the first page, newest
 * first); refreshed after every change like the other back-office lists.
 */
export function PendingChanges({ catalogue }: { catalogue: CatalogueDescription }) {
  const { t } = useRemoteTranslation();
  const access = useAdminAccess();
  const allowed = access.state === 'ok' && access.may('adminApprovals');
  const read = useGetCatalogueQuery(
    { name: 'adminApprovals', body: { status: 'pending', page: 1 } },
    { skip: !allowed },
  );
  const endpoints = new Set<string>(changeEndpoints(catalogue));
  const list = ((read.data as { list?: PendingRow[] } | undefined)?.list ?? []).filter((row) =>
    endpoints.has(row.endpoint),
  );
  if (!allowed || list.length === 0) return null;
  const title = t('catalogue.pending.title');
  return (
    <section className={adminStyles.panel} aria-label={title}>
      <h2 className={screenStyles.paneTitle}>{title}</h2>
      <p className={screenStyles.muted}>{t('catalogue.pending.intro')}</p>
      <ul className={styles.pending}>
        {list.map((row) => (
          <li key={row.id} className={styles.pendingItem}>
            <strong>
              <FieldValue
                row={row as unknown as Record<string, unknown>}
                spec={{ key: 'endpoint', kind: 'endpoint' }}
              />
            </strong>
            <PayloadSummary value={row.payload} />
            <span className={screenStyles.muted}>
              {t('catalogue.pending.by', { account: row.requester, at: formatDateTime(row.requested_at) })}
            </span>
            <Link to={`${APPROVALS_PATH}?id=${row.id}`}>{t('catalogue.pending.open', { id: row.id })}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
