/**
 * Handlers of the back office's users pages (/admin/users, /admin/userDetail; api-routes runs requireAdmin
 * first). The flags themselves are /admin/userFlags (admin-handlers).
 */
import type { FastifyInstance } from 'fastify';
import { toI18nLang } from '../../modules/wire/lang';
import { requireUser } from '../../plugins/auth';
import type { HandlerGroup } from '../api-handlers';

export type AdminUsersName = 'adminUsers' | 'adminUserDetail';

export function createAdminUsersHandlers(app: FastifyInstance): HandlerGroup<AdminUsersName> {
  const users = app.adminUsers;
  return {
    async adminUsers(input) {
      return { data: await users.search(input) };
    },
    async adminUserDetail(input, request) {
      const { userId } = requireUser(request);
      return { data: await users.detail(userId, input.account, toI18nLang(input.lang)) };
    },
  };
}
