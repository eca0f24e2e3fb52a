/**
 * Watchlist rules: only codes the provider knows, at most WATCHLIST_MAX per user (checked under the
 * user's row lock, so concurrent adds on PostgreSQL cannot overshoot), adding twice is a no-op.
 */
import type { Quote } from 'shared/contract';
import type { I18nLang } from 'shared/messages';
import type { Database } from '../../db/database';
import { lockUser } from '../users/users-repository';
import { BusinessError } from '../../errors';
import type { MarketId } from './calendar';
import type { MarketDataProvider } from './provider';
import { addWatch, countWatch, listWatch, removeWatch } from './watchlist-repository';

export const WATCHLIST_MAX = 200;

export interface WatchlistService {
  add(userId: bigint, market: MarketId, code: string): Promise<void>;
  remove(userId: bigint, market: MarketId, code: string): Promise<void>;
  list(userId: bigint, market: MarketId | undefined, lang: I18nLang): Promise<Array<Quote & { added_at: string }>>;
}

export function createWatchlistService(context: {
  db: Database;
  now: () => Date;
  provider: MarketDataProvider;
}): WatchlistService {
  const { db, now, provider } = context;
  return {
    async add(userId, market, code) {
      const quote = provider.quote(market, code, 'en');
      if (!quote) throw new BusinessError('stock_not_found', { field: 'code' });
      await db.tx(async (tx) => {
        await lockUser(tx, userId);
        if ((await countWatch(tx, userId)) >= WATCHLIST_MAX) {
          const already = (await listWatch(tx, userId, market)).some((row) => row.code === quote.code);
          if (!already) throw new BusinessError('watchlist_full', { values: { max: String(WATCHLIST_MAX) } });
        }
        await addWatch(tx, userId, market, quote.code, now());
      });
    },
    async remove(userId, market, code) {
      // Removing what is not there (or never existed) is not an error: the end state is the same.
      await db.tx((tx) => removeWatch(tx, userId, market, code.toUpperCase()));
    },
    async list(userId, market, lang) {
      const rows = await db.tx((tx) => listWatch(tx, userId, market), { readOnly: true });
      const list: Array<Quote & { added_at: string }> = [];
      for (const row of rows) {
        const quote = provider.quote(row.market as MarketId, row.code, lang);
        if (quote) list.push({ ...quote, added_at: row.createdAt.toISOString() });
      }
      return list;
    },
  };
}
