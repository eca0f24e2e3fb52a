/** News: one item, one text per language (zh-CN, en, ja). A missing language falls back to en, then zh-CN. */
import type { I18nLang } from 'shared/messages';
import type { Database, Tx } from '../../db/database';
import { BusinessError } from '../../errors';
import { findPublishedNews, insertNewsItem, listPublishedNews, lockNewsItem, upsertNewsText } from './news-repository';

export async function listNews(tx: Tx, input: { page: number; size: number; lang: I18nLang }) {
  const { rows, total } = await listPublishedNews(tx, input.lang, {
    size: input.size,
    offset: (input.page - 1) * input.size,
  });
  return {
    list: rows.map((r) => ({
      id: Number(r.id),
      title: r.title,
      summary: r.summary,
      published_at: new Date(r.publishedAt).toISOString(),
    })),
    total,
  };
}

export async function getNews(tx: Tx, id: number, lang: I18nLang) {
  const r = await findPublishedNews(tx, id, lang);
  if (!r) throw new BusinessError('not_found');
  return {
    id: Number(r.id),
    title: r.title,
    summary: r.summary,
    body: r.body,
    published_at: new Date(r.publishedAt).toISOString(),
  };
}

/** Back office: creates an item (no id) or sets one language's text of an existing item. */
export async function setNews(
  tx: Tx,
  input: { id?: number; lang: I18nLang; title: string; summary: string; body: string },
): Promise<number> {
  let id = input.id;
  if (id === undefined) {
    id = await insertNewsItem(tx);
  } else if (!(await lockNewsItem(tx, id))) {
    throw new BusinessError('not_found');
  }
  await upsertNewsText(tx, {
    newsId: id,
    lang: input.lang,
    title: input.title,
    summary: input.summary,
    body: input.body,
  });
  return id;
}

/** The news of /news/list and /news/info. */
export function createNewsService(deps: { db: Database }) {
  const { db } = deps;
  return {
    list: (input: { page: number; size: number; lang: I18nLang }) =>
      db.tx((tx) => listNews(tx, input), { readOnly: true }),
    get: (id: number, lang: I18nLang) => db.tx((tx) => getNews(tx, id, lang), { readOnly: true }),
  };
}

export type NewsService = ReturnType<typeof createNewsService>;
