/**
 * The bare SQL loop of the orders bench: the one data-modifying statement the server sends for a
 * market order, rendered by the built server's own code, looped without the server.
 */
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { quantile } from './stats.cjs';

const require = createRequire(import.meta.url);

/**
 * The statement the server sends for the bench's order (trade-service.ts placeOrder → placementStatement),
 * rendered by the built server's own code with the rules the seeded database holds.
 */
let dialect;
const BENCH_RULES = {
  trade_leverages: '[1,2,5,10]',
  trade_fee_rate: '0.0005',
  trade_maintenance_ratio: '0.5',
  risk_disclosure_version: '1',
};

/** The drizzle SQL object of that statement (PGlite's Database.statement takes it as is). */
export function orderSql(root, trader, n) {
  const { placementStatement } = require(path.join(root, 'server/dist/modules/trade/trade-repository.js'));
  return placementStatement({
    userId: BigInt(trader.userId),
    currency: 'JPY',
    go: true,
    rules: BENCH_RULES,
    needsAck: false,
    orderNo: `TB${trader.userId}x${n}x${randomBytes(3).toString('hex')}`,
    at: new Date(),
    hold: { amount: '2430', reason: 'margin' },
    fee: '1',
    memo: 'open long 7203 ×1 @ 2430',
    position: {
      market: 'jpy',
      code: '7203',
      name: 'Toyota Motor',
      direction: 'long',
      priceType: 'market',
      leverage: 1,
      quantity: '1',
      buyPrice: '2430',
      limitPrice: null,
      margin: '2430',
      fee: '1',
      feeRate: '0.0005',
      status: 0,
      openDate: '2026-11-16',
    },
  });
}

/** The same as text and parameters, as node-postgres receives it from drizzle. */
export function orderStatement(root, trader, n) {
  dialect ??= new (createRequire(path.join(root, 'server/dist/main.js'))('drizzle-orm/pg-core').PgDialect)();
  const query = dialect.sqlToQuery(orderSql(root, trader, n));
  return [query.sql, query.params.map((p) => (typeof p === 'bigint' ? p.toString() : p))];
}

/**
 * Runs `run(trader, n, connection)` back to back on `connections` connections for `seconds`: orders/s
 * and the latency p50/p99 of the bare statement.
 */
export async function bareLoop(name, run, traders, connections, seconds) {
  const latencies = [];
  let count = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async (_, c) => {
      for (let n = 0; performance.now() < end; n += 1) {
        const trader = traders[(c + n * connections) % traders.length];
        const start = performance.now();
        await run(trader, n, c);
        latencies.push(performance.now() - start);
        count += 1;
      }
    }),
  );
  return {
    name,
    ordersPerSecond: count / seconds,
    booked: count,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    connections,
  };
}
