/** Data access for the demonstration issues (seed-issues.ts). */
import { sql } from 'drizzle-orm';
import { MARKET_CURRENCY } from 'shared/money';
import type { Tx } from '../../db/database';
import { queryRows } from '../../db/query';
import { listIssues, type Tab } from './issues-repository';

export interface DemoIssue {
  market: 'jpy' | 'usd' | 'cny';
  code: string;
  names: Record<'zh-CN' | 'en' | 'ja', string>;
  price: string;
  pe: string;
  lot: number;
  cap: number;
  size: number;
  underwriter: string;
  lockup: number;
  /** opens, closes, draw, payment deadline, listing, distribution. */
  times: [Date, Date, Date, Date, Date, Date];
  seed: string;
  seedHash: string;
  createdAt: Date;
}

export async function countTabIssues(tx: Tx, market: DemoIssue['market'], tab: Tab, now: Date): Promise<number> {
  return (await listIssues(tx, { market, tab, now, limit: 1, offset: 0 })).total;
}

/** Inserts a demo issue unless a live issue has its code; answers its id (undefined when skipped). */
export async function insertDemoIssue(tx: Tx, issue: DemoIssue): Promise<bigint | undefined> {
  const [opens, closes, draw, pay, listing, distribution] = issue.times.map((t) => t.toISOString());
  const [row] = await queryRows<{ id: bigint }>(
    tx,
    sql`INSERT INTO new_share_issues (market, currency, code, names, price, pe, lot_size, subscription_cap, issue_size,
                                      underwriter, lockup_days, opens_at, closes_at, draw_at, pay_deadline,
                                      listing_at, distribution_at, seed, seed_hash, created_at, updated_at)
        VALUES (${issue.market}, ${MARKET_CURRENCY[issue.market]}, ${issue.code}, ${JSON.stringify(issue.names)}::jsonb,
                ${issue.price}::numeric, ${issue.pe}::numeric, ${issue.lot}, ${issue.cap}, ${issue.size},
                ${issue.underwriter}, ${issue.lockup}, ${opens}, ${closes}, ${draw}, ${pay}, ${listing},
                ${distribution}, ${issue.seed}, ${issue.seedHash}, ${issue.createdAt.toISOString()},
                ${issue.createdAt.toISOString()})
        ON CONFLICT (market, code) WHERE withdrawn_at IS NULL DO NOTHING
        RETURNING id`,
  );
  return row ? BigInt(row.id) : undefined;
}
