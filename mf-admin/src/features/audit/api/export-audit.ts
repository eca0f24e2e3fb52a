import { baseApi, contractMutation } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';

/** POST /admin/auditCsv: the entries matching the filters as CSV text, newest first, at most 10 000 (audited). */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    exportAudit: contractMutation(build, ENDPOINTS.adminAuditCsv),
  }),
});

export const { useExportAuditMutation } = api;
