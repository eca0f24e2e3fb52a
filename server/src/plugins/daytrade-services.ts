/**
 * Day-trading services (fastify-plugin, after `trade-services`): the investor's calls, the day-trade
 * orders (the trade engine's placement inside the allowance) and the back office's review
 * (modules/daytrade), and the matcher's settlement hook that re-holds a participation when one of its positions
 * settles during the day. The settlement at the close is a background job (plugins/jobs.ts).
 */
import fp from 'fastify-plugin';
import { createDayTradeAdmin, type DayTradeAdmin } from '../modules/daytrade/daytrade-admin';
import { createDayTradeOrders, participationReHold } from '../modules/daytrade/daytrade-orders';
import { createDayTradeService, type DayTradeService } from '../modules/daytrade/daytrade-service';

export interface DayTradeServices {
  service: DayTradeService;
  orders: ReturnType<typeof createDayTradeOrders>;
  admin: DayTradeAdmin;
}

declare module 'fastify' {
  interface FastifyInstance {
    daytrade: DayTradeServices;
  }
}

export const dayTradeServicesPlugin = fp(
  async (app) => {
    const context = { db: app.db, now: app.config.now, provider: app.market.provider, trade: app.trade.service };
    const service = createDayTradeService({ ...context, fundPasswords: app.fundPasswords });
    // A day-trade position settled during its day gives its margin back to the participation (ADR 0019).
    app.trade.matcher.onSettle(participationReHold);
    app.decorate('daytrade', {
      service,
      orders: createDayTradeOrders(context),
      admin: createDayTradeAdmin({ db: app.db, now: app.config.now, service }),
    });
  },
  { name: 'daytrade-services', dependencies: ['config', 'db', 'services', 'market-services', 'trade-services'] },
);
