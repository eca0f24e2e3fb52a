/**
 * Handlers of the /user/ area (bank part): bound bank cards, withdrawals to them and the
 * withdrawal list. Rules live in modules/bank-cards and modules/funds; a handler only reads the
 * session user and the Idempotency-Key header. A card change needs a step-up grant for `bank_card` (issue 33 point
 * 2, modules/second-factor/step-up.ts) and sends the owner a notice.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { idempotencyKeyOf } from '../../modules/ledger/money-tx';
import { relyingPartyOf, withdrawalBinding } from '../../modules/second-factor/passkey-service';
import { requireUser } from '../../plugins/auth';
import type { HandlerGroup } from '../api-handlers';
import { stepUpSessionOf } from './security-handlers';

export type UserBankName = 'withdrawalList' | 'banks' | 'bankAdd' | 'bankEdit' | 'bankDelete' | 'withdraw';

const userOf = (request: FastifyRequest) => requireUser(request).userId;

export function createUserBankHandlers(app: FastifyInstance): HandlerGroup<UserBankName> {
  const cards = () => app.user.bankCards;
  return {
    async withdrawalList(input, request) {
      return { data: await app.assets.withdrawalList(userOf(request), input.type) };
    },
    async banks(_input, request) {
      return { data: await cards().list(userOf(request)) };
    },
    async bankAdd(input, request) {
      const session = stepUpSessionOf(request);
      const grant = await app.stepUp.require(session, input.step_up, 'bank_card');
      const data = await cards().add(session.userId, input);
      await app.stepUp.notice(session, 'security_bank_card_added', grant.lang);
      return { msg: 'saved', data };
    },
    async bankEdit(input, request) {
      const session = stepUpSessionOf(request);
      const grant = await app.stepUp.require(session, input.step_up, 'bank_card');
      await cards().edit(session.userId, input);
      await app.stepUp.notice(session, 'security_bank_card_changed', grant.lang);
      return { msg: 'saved', data: {} };
    },
    async bankDelete(input, request) {
      const session = stepUpSessionOf(request);
      const grant = await app.stepUp.require(session, input.step_up, 'bank_card');
      await cards().remove(session.userId, input);
      await app.stepUp.notice(session, 'security_bank_card_removed', grant.lang);
      return { msg: 'saved', data: {} };
    },
    async withdraw(input, request) {
      // A passkey assertion bound to this withdrawal replaces the fund password (docs/decisions/0027). It is
      // checked before the money transaction (its own transaction: never one inside another on PGlite).
      const confirmedByPasskey = Boolean(input.passkey);
      if (confirmedByPasskey)
        await app.security.passkeys.verifyWithdrawal(
          userOf(request),
          input.passkey,
          withdrawalBinding(input),
          relyingPartyOf(request.headers.host),
        );
      const key = idempotencyKeyOf(request.headers);
      return app.funds.withdrawals.withdraw(userOf(request), input, key, { confirmedByPasskey });
    },
  };
}
