/**
 * Handlers of the /funds/ area: deposit channels and deposits, withdrawal rules, balances,
 * exchange, credit and loans, fund records. Rules live in the services
 * (plugins/funds-services.ts); a handler only reads the session user, the Idempotency-Key header
 * and the upload.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { idempotencyKeyOf } from '../../modules/ledger/money-tx';
import { requireUser } from '../../plugins/auth';
import type { HandlerGroup } from '../api-handlers';

export type FundsName =
  | 'depositChannels'
  | 'deposit'
  | 'deposits'
  | 'withdrawRules'
  | 'balances'
  | 'rates'
  | 'exchange'
  | 'credit'
  | 'loanApply'
  | 'loanQuote'
  | 'loans'
  | 'loanRepay'
  | 'records';

const userOf = (request: FastifyRequest) => requireUser(request).userId;
const keyOf = (request: FastifyRequest) => idempotencyKeyOf(request.headers);

export function createFundsHandlers(app: FastifyInstance): HandlerGroup<FundsName> {
  const funds = () => app.funds;
  return {
    async depositChannels(input, request) {
      return { data: await funds().deposits.channels(userOf(request), input.lang) };
    },
    async deposit(input, request) {
      const proof = (request as FastifyRequest & { uploadedFiles?: Record<string, { data: Buffer }> }).uploadedFiles
        ?.proof?.data;
      return funds().deposits.submit(userOf(request), input, proof, keyOf(request));
    },
    async deposits(_input, request) {
      return { data: await funds().deposits.list(userOf(request)) };
    },
    async withdrawRules(_input, request) {
      return { data: await funds().withdrawals.rules(userOf(request)) };
    },
    async balances(_input, request) {
      return { data: await funds().records.balances(userOf(request)) };
    },
    async rates() {
      return { data: await funds().exchange.rates() };
    },
    async exchange(input, request) {
      return funds().exchange.exchange(userOf(request), input, keyOf(request));
    },
    async credit(_input, request) {
      return { data: await funds().loans.credit(userOf(request)) };
    },
    async loanApply(input, request) {
      return funds().loans.apply(userOf(request), input, keyOf(request));
    },
    async loanQuote(input) {
      return { data: await funds().loans.quote(input) };
    },
    async loans(_input, request) {
      return { data: await funds().loans.list(userOf(request)) };
    },
    async loanRepay(input, request) {
      return funds().loans.repay(userOf(request), input, keyOf(request));
    },
    async records(input, request) {
      return { data: await funds().records.records(userOf(request), input) };
    },
  };
}
