/** Glue every feature of this remote may use: the host context, the i18n namespace, /admin/me, the queues. */
export { setHost, getHost, useHost } from './host';
export { NAMESPACE, useRemoteTranslation } from './i18n';
export { useAdminAccess, type AdminAccess } from './admin-access';
export { adminApi, ADMIN_TAG } from './api/admin-api';
export { useGetAdminListQuery, type AdminList, type AdminListArgs } from './api/get-admin-list';
export {
  QUEUES,
  QUEUE_IDS,
  QUEUE_FILTERS,
  QUEUE_PAGE_SIZE,
  AUDIT_PAGE_SIZE,
  FOUR_EYES_PAGE_SIZE,
  APPROVALS_PATH,
  pageSizeOf,
  pathOf,
  wireStatusOf,
  isPending,
  toneOf,
  type QueueId,
  type QueueFilter,
  type QueueDefinition,
} from './queues';
export { CATALOGUE_IDS, CATALOGUE_ROUTES, type CatalogueId, type CatalogueRoute } from './catalogues';
export { Pager, type PagerProps } from './pager';
export { NotAllowed } from './not-allowed';
export { NoticeLine, type Notice } from './notice-line';
export { FieldValue, labelKeyOf, type FieldSpec } from './field-value';
export { PayloadSummary } from './payload-summary';
export { DataTable, useFieldColumns, type DataColumn, type DataTableProps } from './data-table';
export { default as adminStyles } from './admin.module.css';
export { default as screenStyles } from './screen.module.css';
