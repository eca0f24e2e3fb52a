/** Data access for news (tables news and news_texts, 0002_accounts.sql). */
import { sql } from 'drizzle-orm';
import type { I18nLang } from 'shared/messages';
import type { Tx } from '../../db/database';
import { queryRows } from '../../db/query';
import type { news, newsTexts } from '../../db/schema';

type NewsText = typeof newsTexts.$inferSelect;
/** An item with its best text for the reader. */
export type NewsView = Pick<typeof news.$inferSelect, 'id' | 'publishedAt'> & Pick<NewsText, 'title' | 'summary'>;
export type NewsBodyView = NewsView & Pick<NewsText, 'body'>;

// The best text of each item: the reader's language, else English, else Chinese, else any.
const bestText = (lang: I18nLang) => sql`
  SELECT DISTINCT ON (t.news_id) t.news_id, t.title, t.summary, t.body
  FROM news_texts t
  ORDER BY t.news_id, (t.lang = ${lang}) DESC, (t.lang = 'en') DESC, (t.lang = 'zh-CN') DESC`;

/** Published items (published_at <= now()), newest first, and how many there are. */
export async function listPublishedNews(
  tx: Tx,
  lang: I18nLang,
  page: { size: number; offset: number },
): Promise<{ rows: NewsView[]; total: number }> {
  const rows = await queryRows<NewsView>(
    tx,
    sql`SELECT n.id, b.title, b.summary, n.published_at AS "publishedAt"
        FROM news n JOIN (${bestText(lang)}) b ON b.news_id = n.id
        WHERE n.published_at <= now()
        ORDER BY n.published_at DESC, n.id DESC LIMIT ${page.size} OFFSET ${page.offset}`,
  );
  const [count] = await queryRows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM news
        WHERE published_at <= now() AND EXISTS (SELECT 1 FROM news_texts t WHERE t.news_id = news.id)`,
  );
  return { rows, total: count?.n ?? 0 };
}

export async function findPublishedNews(tx: Tx, id: number, lang: I18nLang): Promise<NewsBodyView | undefined> {
  const rows = await queryRows<NewsBodyView>(
    tx,
    sql`SELECT n.id, b.title, b.summary, b.body, n.published_at AS "publishedAt"
        FROM news n JOIN (${bestText(lang)}) b ON b.news_id = n.id
        WHERE n.id = ${id} AND n.published_at <= now()`,
  );
  return rows[0];
}

export async function insertNewsItem(tx: Tx): Promise<number> {
  const [created] = await queryRows<{ id: bigint }>(tx, sql`INSERT INTO news DEFAULT VALUES RETURNING id`);
  return Number(created!.id);
}

/** Whether the item exists, row-locked until the transaction ends. */
export async function lockNewsItem(tx: Tx, id: number): Promise<boolean> {
  const found = await queryRows<{ id: bigint }>(tx, sql`SELECT id FROM news WHERE id = ${id} FOR UPDATE`);
  return found.length > 0;
}

/** Sets one language's text of an item (insert, or update of the existing one). */
export async function upsertNewsText(
  tx: Tx,
  text: Pick<NewsText, 'lang' | 'title' | 'summary' | 'body'> & { newsId: number },
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO news_texts (news_id, lang, title, summary, body)
    VALUES (${text.newsId}, ${text.lang}, ${text.title}, ${text.summary}, ${text.body})
    ON CONFLICT (news_id, lang) DO UPDATE
      SET title = EXCLUDED.title, summary = EXCLUDED.summary, body = EXCLUDED.body, updated_at = now()`);
}
