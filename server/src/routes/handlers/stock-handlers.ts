/**
 * Handlers of the /stock/ area (market data): quotes, search, candles, watchlist. Every answer
 * carries the provider's `simulated` flag (true for the built-in simulator); the UI labels it.
 */
import type { FastifyInstance } from 'fastify';
import { BusinessError } from '../../errors';
import { toI18nLang } from '../../modules/wire/lang';
import { requireUser } from '../../plugins/auth';
import type { HandlerGroup } from '../api-handlers';

export type StockName =
  | 'stockList'
  | 'stockSearch'
  | 'stockDetail'
  | 'stockDepth'
  | 'stockCandles'
  | 'watchlist'
  | 'watchAdd'
  | 'watchRemove';

export function createStockHandlers(app: FastifyInstance): HandlerGroup<StockName> {
  const { provider, watchlist } = app.market;
  const simulated = provider.simulated;
  return {
    async stockList(input) {
      const answer = provider.list(input.market, {
        sort: input.sort,
        order: input.order,
        page: input.page,
        size: input.size,
        lang: toI18nLang(input.lang),
      });
      return { data: { ...answer, page: input.page, size: input.size, simulated } };
    },
    async stockSearch(input) {
      return { data: { list: provider.search(input.q, input.market, toI18nLang(input.lang)), simulated } };
    },
    async stockDetail(input) {
      const quote = provider.quote(input.market, input.code, toI18nLang(input.lang));
      if (!quote) throw new BusinessError('stock_not_found', { field: 'code' });
      return { data: quote };
    },
    async stockDepth(input) {
      // An index has no book; a provider without books answers none (docs/decisions/0021).
      const book = provider.depth?.(input.market, input.code);
      if (!book) throw new BusinessError('stock_not_found', { field: 'code' });
      return { data: { ...book, simulated } };
    },
    async stockCandles(input) {
      const list = provider.candles(input.market, input.code, input.period, input.limit);
      if (!list) throw new BusinessError('stock_not_found', { field: 'code' });
      return { data: { market: input.market, code: input.code, period: input.period, list, simulated } };
    },
    async watchlist(input, request) {
      return {
        data: {
          list: await watchlist.list(requireUser(request).userId, input.market, toI18nLang(input.lang)),
          simulated,
        },
      };
    },
    async watchAdd(input, request) {
      await watchlist.add(requireUser(request).userId, input.market, input.code);
      return { msg: 'watch_added', data: {} };
    },
    async watchRemove(input, request) {
      await watchlist.remove(requireUser(request).userId, input.market, input.code);
      return { msg: 'watch_removed', data: {} };
    },
  };
}
