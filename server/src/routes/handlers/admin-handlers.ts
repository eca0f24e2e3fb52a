/**
 * Handlers of the /admin/ area (api-routes runs requireAdmin first): reviews of deposits,
 * withdrawals, identity checks and loans; user flags, site config, exchange rates, news, labelled
 * corrections, images and the audit log. Rules live in the services (modules/admin for the
 * account calls, the funds services for money); a handler only reads the operator. A correction, and a deposit's
 * or withdrawal's approval above the four-eyes amount or over the operator's daily total
 * (modules/four-eyes/approval-limits), go through four-eyes: they run when a second, different administrator
 * approves them with /admin/approve (the correction then carries the key four-eyes-<id>). Nobody decides about
 * their own account (modules/admin/own-account: review_own_account, in every service's transaction).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ADMIN_PERMISSIONS, adminMayCall } from 'shared/contract';
import { auditCsv, listAudit, recordAudit } from '../../modules/audit/audit-service';
import { FourEyesRequired } from '../../modules/four-eyes/approval-limits';
import { requireUser } from '../../plugins/auth';
import type { InputOf } from '../../contract-input';
import type { HandlerGroup } from '../api-handlers';

export type AdminName =
  | 'adminMe'
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
  | 'adminAudit'
  | 'adminAuditCsv'
  | 'adminApprovals'
  | 'adminApprove';

const actorOf = (request: FastifyRequest) => requireUser(request).userId;
const operatorOf = (request: FastifyRequest) => {
  const { userId, roles } = requireUser(request);
  return { userId, roles };
};

/** What runs once a second administrator approves (modules/four-eyes): the reviews and the correction. */
function registerFourEyesActions(app: FastifyInstance): void {
  app.fourEyes.register('adminWithdrawalReview', (payload, { actorId, requestId }) =>
    app.funds.withdrawals.review(actorId, payload as InputOf<'adminWithdrawalReview'>, { fourEyesId: requestId }),
  );
  app.fourEyes.register('adminDepositReview', (payload, { actorId, requestId }) =>
    app.funds.deposits.review(actorId, payload as InputOf<'adminDepositReview'>, { fourEyesId: requestId }),
  );
  app.fourEyes.register('adminCorrection', (payload, { actorId, requestId }) =>
    app.funds.corrections.correct(actorId, payload as InputOf<'adminCorrection'>, `four-eyes-${requestId}`),
  );
}

/** Runs a direct review; when its approval needs a second administrator, submits it to four-eyes instead. */
async function reviewOrSubmit<N extends 'adminDepositReview' | 'adminWithdrawalReview'>(
  app: FastifyInstance,
  request: FastifyRequest,
  endpoint: N,
  input: InputOf<N>,
  target: string,
  review: () => Promise<{ msg: 'review_done'; data: object }>,
) {
  try {
    return await review();
  } catch (error) {
    if (!(error instanceof FourEyesRequired)) throw error;
    return app.fourEyes.submit(operatorOf(request), endpoint, input, target, error.subjectUserId);
  }
}

type AuditName = Extract<AdminName, 'adminAudit' | 'adminAuditCsv' | 'adminApprovals' | 'adminApprove'>;

/** The audit log (read, export) and the four-eyes queue (list, decide). */
function auditHandlers(app: FastifyInstance): HandlerGroup<AuditName> {
  return {
    async adminAudit(input) {
      return { data: await app.db.tx((tx) => listAudit(tx, input), { readOnly: true }) };
    },
    async adminApprovals(input) {
      return { data: await app.fourEyes.list(input) };
    },
    async adminApprove(input, request) {
      return app.fourEyes.decide(operatorOf(request), input, request);
    },
    async adminAuditCsv(input, request) {
      // Exporting the log is itself an operator action: the entry names the filters and the row count.
      return {
        data: await app.db.tx(async (tx) => {
          const answer = await auditCsv(tx, input, app.config.now());
          await recordAudit(tx, {
            actorId: actorOf(request),
            action: 'audit.export',
            target: 'audit_log',
            detail: { filters: input, rows: answer.rows, truncated: answer.truncated },
          });
          return answer;
        }),
      };
    },
  };
}

export function createAdminHandlers(app: FastifyInstance): HandlerGroup<AdminName> {
  const funds = () => app.funds;
  const admin = () => app.admin;
  const fourEyes = () => app.fourEyes;
  registerFourEyesActions(app);
  return {
    ...auditHandlers(app),
    async adminMe(_input, request) {
      const { account, roles } = requireUser(request);
      const allowed = Object.keys(ADMIN_PERMISSIONS).filter((name) => adminMayCall(roles, name));
      return { data: { account, roles, allowed } };
    },
    async adminDeposits(input) {
      return { data: await funds().deposits.adminList(input) };
    },
    async adminDepositReview(input, request) {
      return reviewOrSubmit(app, request, 'adminDepositReview', input, `deposit:${input.id}`, () =>
        funds().deposits.review(actorOf(request), input),
      );
    },
    async adminWithdrawals(input) {
      return { data: await funds().withdrawals.adminList(input) };
    },
    async adminWithdrawalReview(input, request) {
      return reviewOrSubmit(app, request, 'adminWithdrawalReview', input, `withdrawal:${input.id}`, () =>
        funds().withdrawals.review(actorOf(request), input),
      );
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
      // Always four-eyes; one pending correction per account and currency (a double submit is refused).
      const subject = await funds().corrections.precheck(actorOf(request), input);
      return fourEyes().submit(
        operatorOf(request),
        'adminCorrection',
        input,
        `user:${input.account}:${input.currency}`,
        subject,
      );
    },
    async adminImage(input, request) {
      return { data: await app.user.images.view(input.id, { userId: actorOf(request), isAdmin: true }) };
    },
  };
}
