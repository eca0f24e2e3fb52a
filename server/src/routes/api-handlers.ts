/**
 * One handler per entry of the shared ENDPOINTS table, one file per URL area under handlers/
 * (common, user, user-bank, user-assets, funds, trade, stock, news, admin, ipo). The mapped type makes a new endpoint
 * in the table a compile error here until it has a handler.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EndpointName } from 'shared/contract';
import type { MessageKey } from 'shared/messages';
import type { InputOf } from '../contract-input';
import { createAdminHandlers } from './handlers/admin-handlers';
import { createAdminUsersHandlers } from './handlers/admin-users-handlers';
import { createAlertsHandlers } from './handlers/alerts-handlers';
import { createBlockHandlers } from './handlers/block-handlers';
import { createCommonHandlers } from './handlers/common-handlers';
import { createCopyHandlers } from './handlers/copy-handlers';
import { createDayTradeHandlers } from './handlers/daytrade-handlers';
import { createFundsHandlers } from './handlers/funds-handlers';
import { createIpoHandlers } from './handlers/ipo-handlers';
import { createLendingHandlers } from './handlers/lending-handlers';
import { createNewsHandlers } from './handlers/news-handlers';
import { createPortfolioHandlers } from './handlers/portfolio-handlers';
import { createSecurityHandlers } from './handlers/security-handlers';
import { createStockHandlers } from './handlers/stock-handlers';
import { createTradeHandlers } from './handlers/trade-handlers';
import { createUserAssetsHandlers } from './handlers/user-assets-handlers';
import { createUserBankHandlers } from './handlers/user-bank-handlers';
import { createUserHandlers } from './handlers/user-handlers';

export interface HandlerResult {
  /** Success message key, shown by clients that toast on success (empty for plain reads). */
  msg?: MessageKey | '';
  data: unknown;
}

export type Handler<N extends EndpointName> = (input: InputOf<N>, request: FastifyRequest) => Promise<HandlerResult>;

export type Handlers = { [N in EndpointName]: Handler<N> };

/** Handlers of the names in `Names`; each URL area's file returns its part of the table. */
export type HandlerGroup<Names extends EndpointName> = { [N in Names]: Handler<N> };

/**
 * The handler table: one handler per ENDPOINTS entry, each URL area's file giving its part (the type fails to
 * compile when an entry has none; handlers.test.ts checks the registered routes against ENDPOINTS too).
 */
export function createHandlers(app: FastifyInstance): Handlers {
  return {
    ...createCommonHandlers(app),
    ...createUserHandlers(app),
    ...createUserBankHandlers(app),
    ...createUserAssetsHandlers(app),
    ...createFundsHandlers(app),
    ...createTradeHandlers(app),
    ...createStockHandlers(app),
    ...createNewsHandlers(app),
    ...createAdminHandlers(app),
    ...createAdminUsersHandlers(app),
    ...createIpoHandlers(app),
    ...createBlockHandlers(app),
    ...createCopyHandlers(app),
    ...createDayTradeHandlers(app),
    ...createAlertsHandlers(app),
    ...createLendingHandlers(app),
    ...createPortfolioHandlers(app),
    ...createSecurityHandlers(app),
  };
}
