/**
 * Handlers of the /ipo/ area and the back office's new-share calls (/admin/newShare*; api-routes runs
 * requireAdmin first for those). Rules live in modules/ipo (plugins/ipo-services.ts); a handler
 * only reads the session user, the Idempotency-Key header and the language.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { idempotencyKeyOf } from '../../modules/ledger/money-tx';
import { requireUser } from '../../plugins/auth';
import type { HandlerGroup } from '../api-handlers';
import { riskDisclosureCalls } from './risk-disclosure-calls';

export type IpoName =
  | 'newShareList'
  | 'newShareInfo'
  | 'newShareDraw'
  | 'newShareSubscribe'
  | 'newShareConfirm'
  | 'newShareDecline'
  | 'newShareRiskDisclosure'
  | 'newShareRiskAck'
  | 'adminNewShares'
  | 'adminNewShareCreate'
  | 'adminNewShareEdit'
  | 'adminNewShareWithdraw'
  | 'adminNewShareDraw';

const userOf = (request: FastifyRequest) => requireUser(request).userId;
const keyOf = (request: FastifyRequest) => idempotencyKeyOf(request.headers);

export function createIpoHandlers(app: FastifyInstance): HandlerGroup<IpoName> {
  const shares = () => app.ipo.service;
  const admin = () => app.ipo.admin;
  const risk = riskDisclosureCalls(app);
  return {
    async newShareList(input) {
      return { data: await shares().list(input) };
    },
    async newShareInfo(input, request) {
      return { data: await shares().info(userOf(request), input) };
    },
    async newShareDraw(input) {
      return { data: await shares().draw(input) };
    },
    async newShareSubscribe(input, request) {
      return shares().subscribe(userOf(request), input, keyOf(request));
    },
    async newShareConfirm(input, request) {
      return shares().confirm(userOf(request), input, keyOf(request));
    },
    async newShareDecline(input, request) {
      return shares().decline(userOf(request), input, keyOf(request));
    },
    async newShareRiskDisclosure(input, request) {
      return risk.disclosure('new_share', input, request);
    },
    async newShareRiskAck(input, request) {
      return risk.acknowledge('new_share', input, request);
    },
    async adminNewShares(input) {
      return { data: await admin().list(input) };
    },
    async adminNewShareCreate(input, request) {
      return admin().create(userOf(request), input);
    },
    async adminNewShareEdit(input, request) {
      return admin().edit(userOf(request), input);
    },
    async adminNewShareWithdraw(input, request) {
      return admin().withdraw(userOf(request), input);
    },
    async adminNewShareDraw(input, request) {
      return admin().drawNow(userOf(request), input);
    },
  };
}
