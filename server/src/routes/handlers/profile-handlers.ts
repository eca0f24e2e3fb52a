/**
 * Handlers of the account side of "Accounts and money": passwords, identity verification, bank
 * cards, inbox, news, the owner's images, and the back-office calls about users (identity review,
 * user flags, site config, news, images, audit log). Rules live in modules/profile.
 */
import type { FastifyInstance } from 'fastify';
import { listAudit } from '../../modules/audit/audit-service';
import { toI18nLang } from '../../modules/profile/lang';
import { requireUser } from '../../plugins/auth';
import { uploadedFile } from '../../modules/uploads/uploaded-files';
import type { HandlerGroup } from '../api-handlers';

export type ProfileName =
  | 'changePassword'
  | 'setFundPassword'
  | 'realname'
  | 'realnameInfo'
  | 'banks'
  | 'bankAdd'
  | 'bankEdit'
  | 'bankDelete'
  | 'messages'
  | 'messageInfo'
  | 'newsList'
  | 'newsInfo'
  | 'image'
  | 'adminRealnames'
  | 'adminRealnameReview'
  | 'adminUserFlags'
  | 'adminConfig'
  | 'adminNews'
  | 'adminImage'
  | 'adminAudit';

export function createProfileHandlers(app: FastifyInstance): HandlerGroup<ProfileName> {
  const { profile } = app;
  const userId = (request: Parameters<typeof requireUser>[0]) => requireUser(request).userId;
  return {
    async changePassword(input, request) {
      await profile.changePassword(userId(request), input);
      return { msg: 'password_changed', data: {} };
    },
    async setFundPassword(input, request) {
      await profile.setFundPassword(userId(request), input);
      return { msg: 'fund_password_saved', data: {} };
    },
    async realname(input, request) {
      const data = await profile.submitRealname(userId(request), input, {
        front: uploadedFile(request, 'front').data,
        back: uploadedFile(request, 'back').data,
      });
      return { msg: 'realname_submitted', data };
    },
    async realnameInfo(_input, request) {
      return { data: await profile.realnameInfo(userId(request)) };
    },
    async banks(_input, request) {
      return { data: await profile.listCards(userId(request)) };
    },
    async bankAdd(input, request) {
      return { msg: 'saved', data: await profile.addCard(userId(request), input) };
    },
    async bankEdit(input, request) {
      const { id, ...card } = input;
      await profile.editCard(userId(request), id, card);
      return { msg: 'saved', data: {} };
    },
    async bankDelete(input, request) {
      await profile.deleteCard(userId(request), input.id);
      return { msg: 'saved', data: {} };
    },
    async messages(input, request) {
      return {
        data: await profile.messages(userId(request), {
          page: input.page,
          size: input.size,
          lang: toI18nLang(input.lang),
        }),
      };
    },
    async messageInfo(input, request) {
      return { data: await profile.message(userId(request), input.id, toI18nLang(input.lang)) };
    },
    async newsList(input) {
      return { data: await profile.newsList({ page: input.page, size: input.size, lang: toI18nLang(input.lang) }) };
    },
    async newsInfo(input) {
      return { data: await profile.news(input.id, toI18nLang(input.lang)) };
    },
    async image(input, request) {
      // The owner's own images only, even for an administrator (the back office has /admin/image).
      return { data: await profile.image(input.id, { userId: userId(request), isAdmin: false }) };
    },
    // ---- back office (api-routes runs requireAdmin first) ----
    async adminRealnames(input) {
      return { data: await profile.listRealnames(input) };
    },
    async adminRealnameReview(input, request) {
      await profile.reviewRealname(userId(request), input);
      return { msg: 'saved', data: {} };
    },
    async adminUserFlags(input, request) {
      await profile.setUserFlags(userId(request), input);
      return { msg: 'saved', data: {} };
    },
    async adminConfig(input, request) {
      await profile.setConfig(userId(request), input);
      return { msg: 'saved', data: {} };
    },
    async adminNews(input, request) {
      return { msg: 'saved', data: await profile.setNews(userId(request), input) };
    },
    async adminImage(input, request) {
      return { data: await profile.image(input.id, { userId: userId(request), isAdmin: true }) };
    },
    async adminAudit(input) {
      return { data: await app.db.tx((tx) => listAudit(tx, input.page), { readOnly: true }) };
    },
  };
}
