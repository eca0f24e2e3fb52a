/** Price alerts and watchlist groups (0016_alerts_and_watchlist_groups.sql; the watchlist table is in trading.ts). */
import { pgTable, text } from 'drizzle-orm/pg-core';
import type { AlertKind } from 'shared/contract';
import { at, id, market, money, userId } from './columns';

export const priceAlerts = pgTable('price_alerts', {
  id: id(),
  userId: userId(),
  market: market().notNull(),
  code: text('code').notNull(),
  kind: text('kind').$type<AlertKind>().notNull(),
  threshold: money('threshold').notNull(),
  status: text('status').$type<'active' | 'fired'>().notNull().default('active'),
  createdAt: at('created_at').notNull().defaultNow(),
  firedAt: at('fired_at'),
  firedPrice: money('fired_price'),
  firedChange: money('fired_change'),
});

export const watchlistGroups = pgTable('watchlist_groups', {
  id: id(),
  userId: userId(),
  name: text('name').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});
