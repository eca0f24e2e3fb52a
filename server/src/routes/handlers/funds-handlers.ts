/**
 * Handlers of the money side of "Accounts and money": deposit, withdraw, exchange, balances,
 * credit and loans, fund records, and the back-office reviews and settings that move or price money
 * (deposit/withdrawal/loan review, exchange rates, labelled corrections).
 */
import type { FastifyInstance } from 'fastify';
import type { HandlerGroup } from '../api-handlers';

export type FundsName =
  | 'depositChannels' | 'deposit' | 'deposits' | 'withdraw' | 'withdrawRules' | 'balances' | 'rates' | 'exchange'
  | 'credit' | 'loanApply' | 'loans' | 'loanRepay' | 'records'
  | 'adminDeposits' | 'adminDepositReview' | 'adminWithdrawals' | 'adminWithdrawalReview' | 'adminLoans' | 'adminLoanReview'
  | 'adminRate' | 'adminCorrection';

export function createFundsHandlers(_app: FastifyInstance): Partial<HandlerGroup<FundsName>> {
  return {};
}
