/**
 * The trade engine's suites with a price they set (the liquidation matcher test, the trade ledger property): a
 * market-data provider quoting one Tokyo stock at a settable price, open at TOKYO_OPEN with no daily limits, and a
 * migrated database allowing every leverage those suites use.
 */
import { sql } from 'drizzle-orm';
import type { Quote } from 'shared/contract';
import type { I18nLang } from 'shared/messages';
import type { Database } from '../db/database';
import type { MarketDataProvider } from '../modules/market/provider';
import type { TestBackend } from './backends';
import { useMigratedDatabase } from './database';
import { TOKYO_OPEN } from './trade';

/** A provider whose price the test sets: 7203 in Tokyo only, open at TOKYO_OPEN, no daily limits. */
export class SettablePrice implements MarketDataProvider {
  readonly simulated = true;
  price = '1000';
  quote(market: 'jpy' | 'usd' | 'cny', code: string): Quote | undefined {
    if (market !== 'jpy' || code !== '7203') return undefined;
    const names = { 'zh-CN': '丰田汽车', en: 'Toyota Motor', ja: 'トヨタ自動車' };
    const p = this.price;
    return {
      market,
      code,
      kind: 'stock',
      name: names.en,
      names,
      currency: 'JPY',
      price: p,
      change: '0',
      change_ratio: '0.00',
      open: p,
      prev_close: p,
      high: p,
      low: p,
      volume: '0',
      amount: '0',
      limit_up: null,
      limit_down: null,
      tick_size: '1',
      lot: 1,
      trade_date: '2026-11-16',
      status: 'open',
      next_open: null,
      time: TOKYO_OPEN.toISOString(),
      simulated: true,
    };
  }
  lastPrice(market: string, code: string) {
    return market === 'jpy' && code === '7203' ? this.price : undefined;
  }
  nameOf(market: string, code: string, lang: I18nLang) {
    return market === 'jpy' ? this.quote(market, code)?.names[lang] : undefined;
  }
  list(): never {
    throw new Error('unused');
  }
  search(): never {
    throw new Error('unused');
  }
  candles(): never {
    throw new Error('unused');
  }
  onTick() {
    return () => undefined;
  }
  start() {}
  stop() {}
}

/**
 * A migrated database for the suite (leverages 1, 2, 5, 10 and 50 allowed) and a settable price (a new provider per
 * suite, at 1,000). Read `.db` inside hooks and tests, not at describe time.
 */
export function useSettablePriceSuite(backend: TestBackend): {
  readonly provider: SettablePrice;
  readonly db: Database;
} {
  const provider = new SettablePrice();
  const suite = useMigratedDatabase(backend, (opened) =>
    opened.tx((tx) => tx.execute(sql`UPDATE site_config SET value = '[1,2,5,10,50]' WHERE name = 'trade_leverages'`)),
  );
  return {
    provider,
    get db() {
      return suite.db;
    },
  };
}
