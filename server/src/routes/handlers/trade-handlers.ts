/**
 * Handlers of the /trade/ area: the order lists and holdings of spec §7 (assets service), orders and their preview,
 * cancel, close, add margin, modify and exits (issue 13), position detail, trade config (trade service,
 * plugins/trade-services.ts), the risk disclosure of any kind (risk-disclosure-calls.ts). A handler only reads
 * the session user, the Idempotency-Key header and the language.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { idempotencyKeyOf } from '../../modules/ledger/money-tx';
import { toI18nLang } from '../../modules/wire/lang';
import { requireUser } from '../../plugins/auth';
import type { HandlerGroup } from '../api-handlers';
import { riskDisclosureCalls } from './risk-disclosure-calls';

export type TradeName =
  | 'newStockList'
  | 'productList'
  | 'creditList'
  | 'holdings'
  | 'holdingsHistory'
  | 'placeOrder'
  | 'previewOrder'
  | 'orders'
  | 'cancelOrder'
  | 'closePosition'
  | 'addMargin'
  | 'modifyOrder'
  | 'setExits'
  | 'position'
  | 'tradeConfig'
  | 'riskDisclosure'
  | 'riskAck';

const userOf = (request: FastifyRequest) => requireUser(request).userId;

export function createTradeHandlers(app: FastifyInstance): HandlerGroup<TradeName> {
  const trade = () => app.trade.service;
  const risk = riskDisclosureCalls(app);
  const { assets } = app;
  return {
    // The subscriptions with every field (modules/ipo); getUserinfo's frozen reads the same rows.
    async newStockList(input, request) {
      return { data: await app.ipo.service.records(userOf(request), input) };
    },
    async productList(input, request) {
      return { data: await app.copytrade.service.orders(userOf(request), input) };
    },
    async creditList(input, request) {
      return { data: await assets.creditList(userOf(request), input.type) };
    },
    async holdings(input, request) {
      return { data: await assets.holdings(userOf(request), input.type, toI18nLang(input.lang)) };
    },
    async holdingsHistory(input, request) {
      return { data: await assets.holdingsHistory(userOf(request), input.type, toI18nLang(input.lang)) };
    },
    async placeOrder(input, request) {
      return trade().placeOrder(userOf(request), input, idempotencyKeyOf(request.headers));
    },
    async previewOrder(input, request) {
      return { data: await trade().previewOrder(userOf(request), input) };
    },
    async orders(input, request) {
      return { data: await trade().orders(userOf(request), input, toI18nLang(input.lang)) };
    },
    async cancelOrder(input, request) {
      return trade().cancel(userOf(request), input.id, toI18nLang(input.lang));
    },
    async closePosition(input, request) {
      return trade().close(userOf(request), input.id, toI18nLang(input.lang));
    },
    async addMargin(input, request) {
      const answer = await trade().addMargin(userOf(request), input, idempotencyKeyOf(request.headers));
      // The stored answer names the stock in zh-CN; the reader's language is re-applied on the way out.
      return { ...answer, data: await trade().position(userOf(request), input.id, toI18nLang(input.lang)) };
    },
    async modifyOrder(input, request) {
      const answer = await trade().modifyOrder(userOf(request), input, idempotencyKeyOf(request.headers));
      // The stored answer names the stock in zh-CN; the reader's language is re-applied on the way out.
      return { ...answer, data: await trade().position(userOf(request), input.id, toI18nLang(input.lang)) };
    },
    async setExits(input, request) {
      return trade().setExits(userOf(request), input);
    },
    async position(input, request) {
      return { data: await trade().position(userOf(request), input.id, toI18nLang(input.lang)) };
    },
    async tradeConfig(input, request) {
      return { data: await trade().config(userOf(request), input.market) };
    },
    async riskDisclosure(input, request) {
      return risk.disclosure(input.kind, input, request);
    },
    async riskAck(input, request) {
      return risk.acknowledge(input.kind, input, request);
    },
  };
}
