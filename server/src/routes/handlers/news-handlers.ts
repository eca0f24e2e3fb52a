/** Handlers of the /news/ area: news in the reader's language. */
import type { FastifyInstance } from 'fastify';
import { toI18nLang } from '../../modules/wire/lang';
import type { HandlerGroup } from '../api-handlers';

export type NewsName = 'newsList' | 'newsInfo';

export function createNewsHandlers(app: FastifyInstance): HandlerGroup<NewsName> {
  return {
    async newsList(input) {
      return { data: await app.news.list({ page: input.page, size: input.size, lang: toI18nLang(input.lang) }) };
    },
    async newsInfo(input) {
      return { data: await app.news.get(input.id, toI18nLang(input.lang)) };
    },
  };
}
