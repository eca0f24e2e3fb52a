import { contractRequest } from 'shared/api';
import {
  ENDPOINTS,
  type AdminUserDetail,
  type AdminUserDetailInput,
  type AdminUserFlagsInput,
  type AdminUserRow,
  type AdminUsersInput,
} from 'shared/contract';
import { ADMIN_TAG, adminApi } from '#lib';

/**
 * The users pages' calls: the search (/admin/users), one user's detail (/admin/userDetail, audited by the server)
 * and the flags (/admin/userFlags, with the reason the user is shown). Answers are checked by the contract's
 * schemas; setting flags invalidates the back office's tag, so the table and the open detail refresh.
 */
const api = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getAdminUsers: build.query<{ list: AdminUserRow[]; total: number }, AdminUsersInput>({
      query: (body) => contractRequest(ENDPOINTS.adminUsers, body),
      providesTags: [ADMIN_TAG],
    }),
    getAdminUserDetail: build.query<AdminUserDetail, AdminUserDetailInput>({
      query: (body) => contractRequest(ENDPOINTS.adminUserDetail, body),
      providesTags: [ADMIN_TAG],
    }),
    setUserFlags: build.mutation<unknown, AdminUserFlagsInput>({
      query: (body) => contractRequest(ENDPOINTS.adminUserFlags, body),
      invalidatesTags: [ADMIN_TAG],
    }),
  }),
});

export const { useGetAdminUsersQuery, useGetAdminUserDetailQuery, useSetUserFlagsMutation } = api;
