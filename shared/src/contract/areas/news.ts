/**
 * Area /news/: news in the reader's language. Every call needs a session. Operators write news
 * through /admin/news (admin.ts).
 */
import { z } from 'zod';
import { langField, pageRequest } from '../common';
import { idField } from '../fields';

export const newsItem = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  body: z.string(),
  published_at: z.string(),
});
export const newsList = z.object({ list: z.array(newsItem.omit({ body: true })), total: z.number().int() });
export const newsIdRequest = z.object({ id: idField, lang: langField });

export const NEWS_ENDPOINTS = {
  newsList: {
    path: '/news/list',
    auth: true,
    request: pageRequest,
    data: newsList,
    summary: 'News in the session language',
  },
  newsInfo: { path: '/news/info', auth: true, request: newsIdRequest, data: newsItem, summary: 'One news item' },
} as const;
