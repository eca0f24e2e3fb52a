import { contractRequest, type ContractEndpoint } from 'shared/api';
import { ENDPOINTS, type AdminEndpointName } from 'shared/contract';
import { ADMIN_TAG, adminApi } from './admin-api';

/** A page of a back-office list: raw rows (each queue renders its own columns) and the server's count. */
export interface AdminList {
  list: Array<Record<string, unknown>>;
  total: number;
}

export interface AdminListArgs {
  /** The list endpoint (adminDeposits, adminDayTrades, adminAudit, ...). */
  name: AdminEndpointName;
  /** The wire status (every list but the audit log filters by it). */
  status?: string;
  page: number;
  /** Search fields of lists that have them (the audit log: actor, action, target, from, to), sent as given. */
  filters?: Readonly<Record<string, string>>;
}

/** POST to one of the back-office list endpoints (`{status, page}` → `{list, total}`), checked by its schema. */
const api = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getAdminList: build.query<AdminList, AdminListArgs>({
      query: ({ name, status, page, filters }) =>
        contractRequest((ENDPOINTS as Record<string, ContractEndpoint>)[name]!, {
          ...filters,
          ...(status ? { status } : {}),
          page,
        }),
      providesTags: [ADMIN_TAG],
    }),
  }),
});

export const { useGetAdminListQuery } = api;
