/**
 * The money side's services (fastify-plugin, registered after `services`): deposits, withdrawals,
 * exchange, loans, fund records and corrections, each built with the database and the app's
 * injectable clock (`config.now`).
 */
import fp from 'fastify-plugin';
import { createExchangeService, type ExchangeService } from '../modules/exchange/exchange-service';
import { createCorrectionsService, type CorrectionsService } from '../modules/funds/corrections-service';
import { createDepositService, type DepositService } from '../modules/funds/deposit-service';
import { createWithdrawService, type WithdrawService } from '../modules/funds/withdraw-service';
import { createLoansService, type LoansService } from '../modules/loans/loans-service';
import { createRecordsService, type RecordsService } from '../modules/records/records-service';

export interface FundsServices {
  deposits: DepositService;
  withdrawals: WithdrawService;
  exchange: ExchangeService;
  loans: LoansService;
  records: RecordsService;
  corrections: CorrectionsService;
}

declare module 'fastify' {
  interface FastifyInstance {
    funds: FundsServices;
  }
}

export const fundsServicesPlugin = fp(
  async (app) => {
    const context = { db: app.db, now: app.config.now };
    app.decorate('funds', {
      deposits: createDepositService({ ...context, uploads: app.uploads }),
      withdrawals: createWithdrawService({ ...context, fundPasswords: app.fundPasswords, notices: app.notices }),
      exchange: createExchangeService(context),
      loans: createLoansService(context),
      records: createRecordsService(app.db),
      corrections: createCorrectionsService({ ...context, notices: app.notices }),
    });
  },
  { name: 'funds-services', dependencies: ['config', 'db', 'services', 'uploads'] },
);
