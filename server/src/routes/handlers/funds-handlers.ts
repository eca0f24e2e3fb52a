/**
 * Handlers of the money side of "Accounts and money": deposit, withdraw, exchange, balances,
 * credit and loans, fund records, and the back-office reviews and settings that move or price money
 * (deposit/withdrawal/loan review, exchange rates, labelled corrections). Rules live in the
 * services (plugins/funds-services.ts); a handler only reads the session user, the
 * Idempotency-Key header and the upload.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { idempotencyKeyOf } from '../../modules/ledger/money-tx';
import { requireUser } from '../../plugins/auth';
import type { HandlerGroup } from '../api-handlers';

export type FundsName =
  | 'depositChannels'
  | 'deposit'
  | 'deposits'
  | 'withdraw'
  | 'withdrawRules'
  | 'balances'
  | 'rates'
  | 'exchange'
  | 'credit'
  | 'loanApply'
  | 'loans'
  | 'loanRepay'
  | 'records'
  | 'adminDeposits'
  | 'adminDepositReview'
  | 'adminWithdrawals'
  | 'adminWithdrawalReview'
  | 'adminLoans'
  | 'adminLoanReview'
  | 'adminRate'
  | 'adminCorrection';

const userOf = (request: FastifyRequest) => requireUser(request).userId;
const keyOf = (request: FastifyRequest) => idempotencyKeyOf(request.headers);

export function createFundsHandlers(app: FastifyInstance): HandlerGroup<FundsName> {
  const funds = () => app.funds;
  return {
    async depositChannels(input) {
      return { data: await funds().deposits.channels(input.lang) };
    },
    async deposit(input, request) {
      const proof = (request as FastifyRequest & { uploadedFiles?: Record<string, { data: Buffer }> }).uploadedFiles
        ?.proof?.data;
      return funds().deposits.submit(userOf(request), input, proof, keyOf(request));
    },
    async deposits(_input, request) {
      return { data: await funds().deposits.list(userOf(request)) };
    },
    async withdraw(input, request) {
      return funds().withdrawals.withdraw(userOf(request), input, keyOf(request));
    },
    async withdrawRules() {
      return { data: await funds().withdrawals.rules() };
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
    async loans(_input, request) {
      return { data: await funds().loans.list(userOf(request)) };
    },
    async loanRepay(input, request) {
      return funds().loans.repay(userOf(request), input, keyOf(request));
    },
    async records(input, request) {
      return { data: await funds().records.records(userOf(request), input) };
    },
    async adminDeposits(input) {
      return { data: await funds().deposits.adminList(input.status, input.page) };
    },
    async adminDepositReview(input, request) {
      return funds().deposits.review(userOf(request), input);
    },
    async adminWithdrawals(input) {
      return { data: await funds().withdrawals.adminList(input.status, input.page) };
    },
    async adminWithdrawalReview(input, request) {
      return funds().withdrawals.review(userOf(request), input);
    },
    async adminLoans(input) {
      return { data: await funds().loans.adminList(input.status, input.page) };
    },
    async adminLoanReview(input, request) {
      return funds().loans.review(userOf(request), input);
    },
    async adminRate(input, request) {
      return funds().exchange.setRate(userOf(request), input);
    },
    async adminCorrection(input, request) {
      return funds().corrections.correct(userOf(request), input, keyOf(request));
    },
  };
}
