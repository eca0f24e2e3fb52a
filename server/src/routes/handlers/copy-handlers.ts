/**
 * Handlers of the /copy/ area and the back office's copy-trading calls (/admin/copyProduct*; api-routes
 * runs requireAdmin first for those). Rules live in modules/copy (plugins/copy-services.ts); a
 * handler only reads the session user, the Idempotency-Key header and the language.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { idempotencyKeyOf } from '../../modules/ledger/money-tx';
import { requireUser } from '../../plugins/auth';
import type { HandlerGroup } from '../api-handlers';
import { riskDisclosureCalls } from './risk-disclosure-calls';

export type CopyName =
  | 'copyList'
  | 'copyInfo'
  | 'copyFollow'
  | 'copyOrders'
  | 'copyRiskDisclosure'
  | 'copyRiskAck'
  | 'adminCopyProducts'
  | 'adminCopyProductCreate'
  | 'adminCopyProductOffShelf';

const userOf = (request: FastifyRequest) => requireUser(request).userId;

export function createCopyHandlers(app: FastifyInstance): HandlerGroup<CopyName> {
  const copy = () => app.copytrade.service;
  const admin = () => app.copytrade.admin;
  const risk = riskDisclosureCalls(app);
  return {
    async copyList(input) {
      return { data: await copy().list(input) };
    },
    async copyInfo(input, request) {
      return { data: await copy().info(userOf(request), input) };
    },
    async copyFollow(input, request) {
      return copy().follow(userOf(request), input, idempotencyKeyOf(request.headers));
    },
    async copyOrders(input, request) {
      return { data: await copy().orders(userOf(request), input) };
    },
    async copyRiskDisclosure(input, request) {
      return risk.disclosure('copy_trade', input, request);
    },
    async copyRiskAck(input, request) {
      return risk.acknowledge('copy_trade', input, request);
    },
    async adminCopyProducts(input) {
      return { data: await admin().list(input) };
    },
    async adminCopyProductCreate(input, request) {
      return admin().create(userOf(request), input);
    },
    async adminCopyProductOffShelf(input, request) {
      return admin().offShelf(userOf(request), input);
    },
  };
}
