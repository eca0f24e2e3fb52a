/**
 * Fixtures for the trading suites: a movable test clock, a funded trader who acknowledged the risk
 * disclosure, order helpers, and a look-ahead simulator (same seed as the app) to find the instant
 * the price reaches a level, so tests move the clock to it instead of waiting.
 */
import type { FastifyInstance } from 'fastify';
import { Decimal } from 'shared/money';
import { createTestClock, type TestClock } from '../clock';
import { marketClock, type MarketId } from '../modules/market/calendar';
import { MarketSimulator } from '../modules/market/simulator';
import { DEFAULT_MARKET_SEED } from '../plugins/market-services';
import { fund, moneyReadyUser, type MoneyUser } from './money';
import { post, type Answer } from './users';

/** Monday 16 November 2026: Tokyo 10:00 (01:00Z), Shanghai 10:00 (02:00Z), New York 10:00 (15:00Z). */
export const TOKYO_OPEN = new Date('2026-11-16T01:00:00Z');
export const SHANGHAI_OPEN = new Date('2026-11-16T02:00:00Z');
export const NEW_YORK_OPEN = new Date('2026-11-16T15:00:00Z');
/**
 * Monday 16 November 2026, 16:30 Tokyo: every market closed (Tokyo after the close, Shanghai after,
 * New York before the open).
 */
export const ALL_CLOSED = new Date('2026-11-16T07:30:00Z');

/** A frozen clock (moves only when told) for API suites. */
export function frozenClock(start: Date = TOKYO_OPEN): TestClock {
  return createTestClock(start, { running: false });
}

export type Trader = MoneyUser;

/** A verified, funded trader (JPY, USD, CNY) who acknowledged the current risk disclosure. */
export async function trader(
  app: FastifyInstance,
  funds: { JPY?: string; USD?: string; CNY?: string } = { JPY: '10000000', USD: '100000', CNY: '1000000' },
  acknowledge = true,
): Promise<Trader> {
  const user = await moneyReadyUser(app);
  for (const [currency, amount] of Object.entries(funds))
    if (amount) await fund(app, user.userId, amount, currency as 'JPY');
  if (acknowledge) {
    const answer = await post(app, '/trade/riskAck', { version: '1' }, user.headers);
    if (answer.body.status !== 1) throw new Error(`riskAck failed: ${answer.body.msg}`);
  }
  return user;
}

export function placeOrder(
  app: FastifyInstance,
  user: Trader,
  form: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return post(
    app,
    '/trade/order',
    { market: 'jpy', code: '7203', side: 'long', price_type: 'market', quantity: '100', leverage: '1', ...form },
    { ...user.headers, ...headers },
  );
}

/** The simulator the app runs (same seed), on its own clock: what the price will be at any instant. */
export function lookAhead(): {
  priceAt(market: MarketId, code: string, at: Date): Decimal;
  quoteAt(market: MarketId, code: string, at: Date): ReturnType<MarketSimulator['quote']>;
} {
  let at = TOKYO_OPEN;
  const simulator = new MarketSimulator({ seed: DEFAULT_MARKET_SEED, now: () => at });
  return {
    quoteAt(market, code, when) {
      at = when;
      return simulator.quote(market, code, 'en');
    },
    priceAt(market, code, when) {
      at = when;
      return new Decimal(simulator.quote(market, code, 'en')!.price);
    },
  };
}

/**
 * The first instant after `from` (scanning every `stepMs` while the market is open, up to
 * `horizonMs`) at which `test(price)` holds.
 */
export function findInstant(
  market: MarketId,
  code: string,
  from: Date,
  test: (price: Decimal) => boolean,
  options: { stepMs?: number; horizonMs?: number } = {},
): { at: Date; price: Decimal } {
  const ahead = lookAhead();
  const step = options.stepMs ?? 60_000;
  const horizon = options.horizonMs ?? 40 * 86_400_000;
  for (let t = from.getTime() + step; t <= from.getTime() + horizon; t += step) {
    if (marketClock(market, t).status !== 'open') continue;
    const at = new Date(t);
    const price = ahead.priceAt(market, code, at);
    if (test(price)) return { at, price };
  }
  throw new Error(`no instant within the horizon for ${market}:${code}`);
}
