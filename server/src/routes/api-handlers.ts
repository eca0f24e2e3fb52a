/**
 * One handler per entry of the shared ENDPOINTS table. The mapped type makes a new endpoint in the
 * table a compile error here until it has a handler.
 */
import { toI18nLang } from '../modules/profile/lang';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ENDPOINTS, type EndpointName } from 'shared/contract';
import type { MessageKey } from 'shared/messages';
import { listPublicConfig } from '../modules/site-config/site-config-repository';
import { requireUser } from '../plugins/auth';
import { createProfileHandlers } from './handlers/profile-handlers';
import { createFundsHandlers } from './handlers/funds-handlers';
import { createMarketHandlers } from './handlers/market-handlers';
import { createTradeHandlers } from './handlers/trade-handlers';

export interface HandlerResult {
  /** Success message key, shown by clients that toast on success (empty for plain reads). */
  msg?: MessageKey | '';
  data: unknown;
}

export type Handler<N extends EndpointName> = (
  input: z.output<(typeof ENDPOINTS)[N]['request']>,
  request: FastifyRequest,
) => Promise<HandlerResult>;

export type Handlers = { [N in EndpointName]: Handler<N> };

/** Handlers of the names in `Names`; each domain module returns its part of the table. */
export type HandlerGroup<Names extends EndpointName> = { [N in Names]: Handler<N> };

/**
 * The handler table. Partial while the accounts-and-money slice is being built: api-routes registers
 * only the endpoints that have a handler, and handlers.test.ts fails until every ENDPOINTS entry has one.
 */
export function createHandlers(app: FastifyInstance): Partial<Handlers> {
  return {
    ...createFoundationHandlers(app),
    ...createProfileHandlers(app),
    ...createFundsHandlers(app),
    ...createMarketHandlers(app),
    ...createTradeHandlers(app),
  };
}

type FoundationName =
  | 'config'
  | 'register'
  | 'login'
  | 'logout'
  | 'userInfo'
  | 'newStockList'
  | 'withdrawalList'
  | 'productList'
  | 'creditList'
  | 'holdings'
  | 'holdingsHistory';

function createFoundationHandlers(app: FastifyInstance): HandlerGroup<FoundationName> {
  const { accounts, assets } = app;
  return {
    async config(input) {
      const name = input.type && input.type !== 'all' ? input.type : undefined;
      return { data: await app.db.tx((tx) => listPublicConfig(tx, name), { readOnly: true }) };
    },
    async register(input, request) {
      await accounts.register(input, request.ip);
      return { msg: 'register_success', data: {} };
    },
    async login(input, request) {
      return { msg: 'login_success', data: await accounts.login(input, request.ip) };
    },
    async logout(_input, request) {
      await accounts.logout(String(request.headers.token));
      return { msg: 'logout_success', data: {} };
    },
    async userInfo(input, request) {
      return { data: await assets.userInfo(requireUser(request).userId, input.type) };
    },
    async newStockList(input, request) {
      return { data: await assets.newStockList(requireUser(request).userId, input.type) };
    },
    async withdrawalList(input, request) {
      return { data: await assets.withdrawalList(requireUser(request).userId, input.type) };
    },
    async productList(input, request) {
      return { data: await assets.productList(requireUser(request).userId, input.type) };
    },
    async creditList(input, request) {
      return { data: await assets.creditList(requireUser(request).userId, input.type) };
    },
    async holdings(input, request) {
      return { data: await assets.holdings(requireUser(request).userId, input.type, toI18nLang(input.lang)) };
    },
    async holdingsHistory(input, request) {
      return { data: await assets.holdingsHistory(requireUser(request).userId, input.type, toI18nLang(input.lang)) };
    },
  };
}
