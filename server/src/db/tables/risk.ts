/**
 * Risk disclosures of every kind (0006_trading.sql, unified by 0014_risk_disclosure_kinds.sql):
 * versioned texts in three languages per kind and the users' acknowledgements (append-only, the
 * first time kept). Each kind's current version is a site_config row (modules/risk-disclosure).
 */
import { integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { RiskKind } from 'shared/contract';
import { at, userId } from './columns';

export const riskDisclosures = pgTable(
  'risk_disclosures',
  {
    kind: text('kind').$type<RiskKind>().notNull(),
    version: integer('version').notNull(),
    title: jsonb('title').$type<Record<string, string>>().notNull(),
    body: jsonb('body').$type<Record<string, string>>().notNull(),
    publishedAt: at('published_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.version] })],
);

export const riskAcknowledgements = pgTable(
  'risk_acknowledgements',
  {
    userId: userId(),
    kind: text('kind').$type<RiskKind>().notNull(),
    version: integer('version').notNull(),
    acknowledgedAt: at('acknowledged_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.version] })],
);
