/**
 * Handlers of the /daytrade/ area and the back office's day-trading calls (/admin/dayTrade*; api-routes
 * runs requireAdmin first for those). Rules live in modules/daytrade (plugins/daytrade-services.ts); a
 * handler only reads the session user and the Idempotency-Key header.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { idempotencyKeyOf } from '../../modules/ledger/money-tx';
import { requireUser } from '../../plugins/auth';
import type { HandlerGroup } from '../api-handlers';

export type DayTradeName =
  | 'dayTradeConfig'
  | 'dayTradeApply'
  | 'dayTradeList'
  | 'dayTradeCurrent'
  | 'dayTradeOrder'
  | 'dayTradeClose'
  | 'dayTradeCancel'
  | 'adminDayTrades'
  | 'adminDayTradeReview';

const userOf = (request: FastifyRequest) => requireUser(request).userId;

export function createDayTradeHandlers(app: FastifyInstance): HandlerGroup<DayTradeName> {
  const day = () => app.daytrade;
  return {
    async dayTradeConfig(input, request) {
      return { data: await day().service.config(userOf(request), input) };
    },
    async dayTradeApply(input, request) {
      return day().service.apply(userOf(request), input, idempotencyKeyOf(request.headers));
    },
    async dayTradeList(input, request) {
      return { data: await day().service.list(userOf(request), input) };
    },
    async dayTradeCurrent(input, request) {
      return { data: await day().service.current(userOf(request), input) };
    },
    async dayTradeOrder(input, request) {
      return day().orders.place(userOf(request), input, idempotencyKeyOf(request.headers));
    },
    async dayTradeClose(input, request) {
      return day().service.close(userOf(request), input);
    },
    async dayTradeCancel(input, request) {
      return day().orders.cancel(userOf(request), input);
    },
    async adminDayTrades(input) {
      return { data: await day().admin.list(input) };
    },
    async adminDayTradeReview(input, request) {
      return day().admin.review(userOf(request), input);
    },
  };
}
