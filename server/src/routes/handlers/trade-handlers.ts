/**
 * Handlers of the trading calls: orders, cancel, close, position detail, trade config, risk
 * disclosure. Rules live in the trade service (plugins/trade-services.ts); a handler only reads the
 * session user, the Idempotency-Key header and the language.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { idempotencyKeyOf } from '../../modules/ledger/money-tx';
import { toI18nLang } from '../../modules/profile/lang';
import { requireUser } from '../../plugins/auth';
import type { HandlerGroup } from '../api-handlers';

export type TradeName =
  'placeOrder' | 'orders' | 'cancelOrder' | 'closePosition' | 'position' | 'tradeConfig' | 'riskDisclosure' | 'riskAck';

const userOf = (request: FastifyRequest) => requireUser(request).userId;

export function createTradeHandlers(app: FastifyInstance): HandlerGroup<TradeName> {
  const trade = () => app.trade.service;
  return {
    async placeOrder(input, request) {
      return trade().placeOrder(userOf(request), input, idempotencyKeyOf(request.headers));
    },
    async orders(input, request) {
      return { data: await trade().orders(userOf(request), input, toI18nLang(input.lang)) };
    },
    async cancelOrder(input, request) {
      return trade().cancel(userOf(request), input.id);
    },
    async closePosition(input, request) {
      return trade().close(userOf(request), input.id);
    },
    async position(input, request) {
      return { data: await trade().position(userOf(request), input.id, toI18nLang(input.lang)) };
    },
    async tradeConfig(input, request) {
      return { data: await trade().config(userOf(request), input.market) };
    },
    async riskDisclosure(input, request) {
      return { data: await trade().riskDisclosure(userOf(request), toI18nLang(input.lang)) };
    },
    async riskAck(input, request) {
      return trade().riskAck(userOf(request), input.version);
    },
  };
}
