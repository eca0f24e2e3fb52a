/**
 * Handlers of the account side of "Accounts and money": passwords, identity verification, bank
 * cards, inbox, news, and the back-office calls about users (identity review, user flags, site
 * config, news, images, audit log).
 */
import type { FastifyInstance } from 'fastify';
import type { HandlerGroup } from '../api-handlers';

export type ProfileName =
  | 'changePassword' | 'setFundPassword' | 'realname' | 'realnameInfo' | 'banks' | 'bankAdd' | 'bankEdit' | 'bankDelete'
  | 'messages' | 'messageInfo' | 'newsList' | 'newsInfo'
  | 'adminRealnames' | 'adminRealnameReview' | 'adminUserFlags' | 'adminConfig' | 'adminNews' | 'adminImage' | 'adminAudit';

export function createProfileHandlers(_app: FastifyInstance): Partial<HandlerGroup<ProfileName>> {
  return {};
}
