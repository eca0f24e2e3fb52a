/**
 * Handlers of the /admin/ area (api-routes runs requireAdmin first): reviews of deposits,
 * withdrawals, identity checks and loans; user flags, site config, exchange rates, news, labelled
 * corrections, images and the audit log. Rules live in the services (modules/admin for the
 * account calls, the funds services for money); a handler only reads the operator and the
 * Idempotency-Key header.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { listAudit } from '../../modules/audit/audit-service';
import { idempotencyKeyOf } from '../../modules/ledger/money-tx';
import { requireUser } from '../../plugins/auth';
import type { HandlerGroup } from '../api-handlers';

export type AdminName =
  | 'adminDeposits'
  | 'adminDepositReview'
  | 'adminWithdrawals'
  | 'adminWithdrawalReview'
  | 'adminRealnames'
  | 'adminRealnameReview'
  | 'adminLoans'
  | 'adminLoanReview'
  | 'adminUserFlags'
  | 'adminConfig'
  | 'adminRate'
  | 'adminNews'
  | 'adminCorrection'
  | 'adminImage'
  | 'adminAudit';

const actorOf = (request: FastifyRequest) => requireUser(request).userId;

export function createAdminHandlers(app: FastifyInstance): HandlerGroup<AdminName> {
  const funds = () => app.funds;
  const admin = () => app.admin;
  return {
    async adminDeposits(input) {
      return { data: await funds().deposits.adminList(input) };
    },
    async adminDepositReview(input, request) {
      return funds().deposits.review(actorOf(request), input);
    },
    async adminWithdrawals(input) {
      return { data: await funds().withdrawals.adminList(input) };
    },
    async adminWithdrawalReview(input, request) {
      return funds().withdrawals.review(actorOf(request), input);
    },
    async adminRealnames(input) {
      return { data: await admin().listRealnames(input) };
    },
    async adminRealnameReview(input, request) {
      await admin().reviewRealname(actorOf(request), input);
      return { msg: 'saved', data: {} };
    },
    async adminLoans(input) {
      return { data: await funds().loans.adminList(input) };
    },
    async adminLoanReview(input, request) {
      return funds().loans.review(actorOf(request), input);
    },
    async adminUserFlags(input, request) {
      await admin().setUserFlags(actorOf(request), input);
      return { msg: 'saved', data: {} };
    },
    async adminConfig(input, request) {
      await admin().setConfig(actorOf(request), input);
      return { msg: 'saved', data: {} };
    },
    async adminRate(input, request) {
      return funds().exchange.setRate(actorOf(request), input);
    },
    async adminNews(input, request) {
      return { msg: 'saved', data: await admin().setNews(actorOf(request), input) };
    },
    async adminCorrection(input, request) {
      return funds().corrections.correct(actorOf(request), input, idempotencyKeyOf(request.headers));
    },
    async adminImage(input, request) {
      return { data: await app.user.images.view(input.id, { userId: actorOf(request), isAdmin: true }) };
    },
    async adminAudit(input) {
      return { data: await app.db.tx((tx) => listAudit(tx, input.page), { readOnly: true }) };
    },
  };
}
