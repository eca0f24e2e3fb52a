/**
 * Handlers of the /user/ area (account part): register, login, password reset, logout, the user's
 * figures, passwords, identity verification, the owner's images and the inbox. The bank part (cards,
 * withdrawals) is in user-bank-handlers.ts. Rules live in the services (plugins/infra.ts,
 * plugins/user-services.ts); a handler only reads the session user, the language and the upload.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { uploadedFile } from '../../modules/uploads/uploaded-files';
import { toI18nLang } from '../../modules/wire/lang';
import { requireUser } from '../../plugins/auth';
import type { HandlerGroup } from '../api-handlers';
import { clientOf } from './security-handlers';

export type UserName =
  | 'register'
  | 'login'
  | 'passwordResetRequest'
  | 'passwordReset'
  | 'logout'
  | 'userInfo'
  | 'changePassword'
  | 'setFundPassword'
  | 'realname'
  | 'realnameInfo'
  | 'image'
  | 'messages'
  | 'messageInfo';

const userOf = (request: FastifyRequest) => requireUser(request).userId;

export function createUserHandlers(app: FastifyInstance): HandlerGroup<UserName> {
  const { accounts, assets } = app;
  const user = () => app.user;
  return {
    async register(input, request) {
      // The new account is logged in: the answer is its session, as login's.
      return { msg: 'register_success', data: await accounts.register(input, clientOf(request)) };
    },
    async login(input, request) {
      // A second factor owed answers a challenge and no session (docs/decisions/0027).
      const data = await accounts.login(input, clientOf(request));
      const msg = !data.second_factor
        ? 'login_success'
        : data.second_factor === 'enrol'
          ? 'second_factor_enrol_required'
          : 'second_factor_required';
      return { msg, data };
    },
    async passwordResetRequest(input, request) {
      await app.passwordResets.requestCode(input, request.ip);
      return { msg: 'password_reset_sent', data: {} };
    },
    async passwordReset(input, request) {
      await app.passwordResets.reset(input, request.ip);
      return { msg: 'password_reset_done', data: {} };
    },
    async logout(_input, request) {
      await accounts.logout(String(request.headers.token));
      return { msg: 'logout_success', data: {} };
    },
    async userInfo(input, request) {
      // admin_roles: read by this request's session lookup (admin_roles table), never from a header.
      const roles = requireUser(request).roles;
      return { data: { ...(await assets.userInfo(userOf(request), input.type)), admin_roles: roles } };
    },
    async changePassword(input, request) {
      await user().passwords.changePassword(userOf(request), input);
      return { msg: 'password_changed', data: {} };
    },
    async setFundPassword(input, request) {
      await user().passwords.setFundPassword(userOf(request), input);
      return { msg: 'fund_password_saved', data: {} };
    },
    async realname(input, request) {
      const data = await user().identity.submit(userOf(request), input, {
        front: uploadedFile(request, 'front').data,
        back: uploadedFile(request, 'back').data,
      });
      return { msg: 'realname_submitted', data };
    },
    async realnameInfo(_input, request) {
      return { data: await user().identity.info(userOf(request)) };
    },
    async image(input, request) {
      // The owner's own images only, even for an administrator (the back office has /admin/image).
      return { data: await user().images.view(input.id, { userId: userOf(request), isAdmin: false }) };
    },
    async messages(input, request) {
      return {
        data: await user().inbox.list(userOf(request), {
          page: input.page,
          size: input.size,
          lang: toI18nLang(input.lang),
        }),
      };
    },
    async messageInfo(input, request) {
      return { data: await user().inbox.read(userOf(request), input.id, toI18nLang(input.lang)) };
    },
  };
}
