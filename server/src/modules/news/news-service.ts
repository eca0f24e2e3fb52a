/** News: one item, one text per language (zh-CN, en, ja). A missing language falls back to en, then zh-CN. */
import { sql } from 'drizzle-orm';
import type { I18nLang } from 'shared/messages';
import type { Tx } from '../../db/database';
import { queryRows } from '../../db/query';
import { BusinessError } from '../../errors';

interface NewsRow {
  id: bigint;
  title: string;
  summary: string;
  body: string;
  published_at: Date;
}

// The best text of each item: the reader's language, else English, else Chinese, else any.
const bestText = (lang: I18nLang) => sql`
  SELECT DISTINCT ON (t.news_id) t.news_id, t.title, t.summary, t.body
  FROM news_texts t
  ORDER BY t.news_id, (t.lang = ${lang}) DESC, (t.lang = 'en') DESC, (t.lang = 'zh-CN') DESC`;

export async function listNews(tx: Tx, input: { page: number; size: number; lang: I18nLang }) {
  const rows = await queryRows<NewsRow>(
    tx,
    sql`SELECT n.id, b.title, b.summary, n.published_at FROM news n JOIN (${bestText(input.lang)}) b ON b.news_id = n.id
        WHERE n.published_at <= now()
        ORDER BY n.published_at DESC, n.id DESC LIMIT ${input.size} OFFSET ${(input.page - 1) * input.size}`,
  );
  const [count] = await queryRows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM news WHERE published_at <= now() AND EXISTS (SELECT 1 FROM news_texts t WHERE t.news_id = news.id)`,
  );
  return {
    list: rows.map((r) => ({
      id: Number(r.id),
      title: r.title,
      summary: r.summary,
      published_at: new Date(r.published_at).toISOString(),
    })),
    total: count?.n ?? 0,
  };
}

export async function getNews(tx: Tx, id: number, lang: I18nLang) {
  const rows = await queryRows<NewsRow>(
    tx,
    sql`SELECT n.id, b.title, b.summary, b.body, n.published_at FROM news n JOIN (${bestText(lang)}) b ON b.news_id = n.id
        WHERE n.id = ${id} AND n.published_at <= now()`,
  );
  const r = rows[0];
  if (!r) throw new BusinessError('not_found');
  return {
    id: Number(r.id),
    title: r.title,
    summary: r.summary,
    body: r.body,
    published_at: new Date(r.published_at).toISOString(),
  };
}

/** Back office: creates an item (no id) or sets one language's text of an existing item. */
export async function setNews(
  tx: Tx,
  input: { id?: number; lang: I18nLang; title: string; summary: string; body: string },
): Promise<number> {
  let id = input.id;
  if (id === undefined) {
    const [created] = await queryRows<{ id: bigint }>(tx, sql`INSERT INTO news DEFAULT VALUES RETURNING id`);
    id = Number(created!.id);
  } else {
    const found = await queryRows<{ id: bigint }>(tx, sql`SELECT id FROM news WHERE id = ${id} FOR UPDATE`);
    if (!found[0]) throw new BusinessError('not_found');
  }
  await tx.execute(sql`
    INSERT INTO news_texts (news_id, lang, title, summary, body) VALUES (${id}, ${input.lang}, ${input.title}, ${input.summary}, ${input.body})
    ON CONFLICT (news_id, lang) DO UPDATE SET title = EXCLUDED.title, summary = EXCLUDED.summary, body = EXCLUDED.body, updated_at = now()`);
  return id;
}
