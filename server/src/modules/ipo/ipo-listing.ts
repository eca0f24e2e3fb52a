/**
 * Listing (issue 11 "Listing"): at an issue's `listing_at` the stock joins the market data and each
 * paid allotment becomes a holding.
 *
 * - `listDueIssues` (the listing job) claims one due issue at a time, `FOR UPDATE SKIP LOCKED`, in a
 *   money transaction that sets `listed_at` and, for every subscription whose allotment was paid
 *   (status 1, state 'subscribed'), releases its hold and grants a 1× long holding at the issue price
 *   (granted-holding.ts: the same money is held again as the holding's margin, so `available` does
 *   not move and the money counted in frozen goes from "subscribed new shares" to "cost of holdings"),
 *   marks the subscription listed (status 4) and sends the inbox message. All or nothing per issue;
 *   each issue and each subscription is claimed by a conditional UPDATE, so two instances (or a
 *   timer and the test-clock endpoint) never list anything twice.
 * - The holding cannot be closed before the lock-up ends: `closable_from` is the local midnight
 *   `lockup_days` calendar days after the listing date (trade-service refuses with lockup_until).
 * - The market data: every instance adds the listed issues to its simulator (`syncListings`, run by
 *   each instance's job pass), which shows the stock from the listing day's open with a first-day
 *   move drawn from the published seed (market/listing-symbol.ts).
 */
import { sql } from 'drizzle-orm';
import type { I18nLang } from 'shared/messages';
import { Decimal, type Currency } from 'shared/money';
import type { Database, Tx } from '../../db/database';
import { queryRows } from '../../db/query';
import { notify } from '../inbox/inbox-service';
import { lockUserAccounts, voidHold } from '../ledger/ledger-repository';
import { moneyTx } from '../ledger/money-tx';
import { dateOf, localTime, localToUtc, type MarketId } from '../market/calendar';
import type { Listing, MarketDataProvider } from '../market/provider';
import { insertGrantedHolding } from '../trade/granted-holding';
import { formatAmount } from '../wire/wire';
import { listPaidAllotments, markListed } from './applications-repository';

interface IssueRow {
  id: string | number;
  market: MarketId;
  currency: Currency;
  code: string;
  names: Record<I18nLang, string>;
  price: string;
  lockup_days: number;
  listing_at: Date | string;
  seed: string;
}

const ISSUE_COLUMNS = sql.raw('id, market, currency, code, names, price::text AS price, lockup_days, listing_at, seed');

/** The market-local date (YYYY-MM-DD) of an instant: a listing's date. */
export function localDate(market: MarketId, at: Date): string {
  return dateOf(localTime(market, at.getTime()).day);
}

/**
 * The end of the lock-up: local midnight `lockupDays` calendar days after the listing date, from
 * when the holding may be closed; null without a lock-up.
 */
export function lockupEnd(market: MarketId, listingAt: Date, lockupDays: number): Date | null {
  if (lockupDays <= 0) return null;
  return new Date(localToUtc(market, localTime(market, listingAt.getTime()).day + lockupDays, 0));
}

function listingOf(row: IssueRow): Listing {
  return {
    market: row.market,
    code: row.code,
    names: { 'zh-CN': row.names['zh-CN'], en: row.names.en, ja: row.names.ja },
    issuePrice: new Decimal(row.price).toFixed(),
    listingDate: localDate(row.market, new Date(row.listing_at)),
    seed: row.seed,
  };
}

/** Grants the holdings of one claimed issue (inside its transaction); answers how many. */
async function grantHoldings(tx: Tx, issue: IssueRow, at: Date): Promise<number> {
  const paid = await listPaidAllotments(tx, BigInt(issue.id));
  const listingAt = new Date(issue.listing_at);
  const closableFrom = lockupEnd(issue.market, listingAt, issue.lockup_days);
  const sellableDate = localDate(issue.market, closableFrom ?? listingAt);
  let granted = 0;
  // One user's accounts at a time, in user order (every money call locks its user's accounts first).
  paid.sort((x, y) => (BigInt(x.userId) < BigInt(y.userId) ? -1 : BigInt(x.userId) > BigInt(y.userId) ? 1 : 0));
  for (const order of paid) {
    const userId = BigInt(order.userId);
    await lockUserAccounts(tx, userId, [issue.currency]);
    if (!(await markListed(tx, BigInt(order.id)))) continue;
    if (order.holdId !== null && !(await voidHold(tx, BigInt(order.holdId), at)))
      throw new Error(`new share ${order.orderNo}: hold ${order.holdId} was already resolved`);
    const quantity = new Decimal(order.allottedQuantity);
    await insertGrantedHolding(tx, {
      userId,
      market: issue.market,
      code: issue.code,
      quantity,
      price: issue.price,
      currency: issue.currency,
      source: 'new_share',
      closableFrom,
      name: issue.names.en,
      at,
      reference: order.orderNo,
    });
    await notify(
      tx,
      userId,
      {
        key: 'new_share_listed',
        values: {
          code: issue.code,
          quantity: quantity.toFixed(),
          price: formatAmount(issue.price, issue.currency),
          date: sellableDate,
        },
      },
      at,
    );
    granted += 1;
  }
  return granted;
}

/**
 * Lists every issue due at `at` (drawn, not withdrawn, `listing_at` passed, not yet listed), one
 * transaction per issue; answers how many issues it listed. `onListed` runs after each commit.
 */
export async function listDueIssues(
  db: Database,
  at: Date,
  onListed?: (listing: Listing, holdings: number) => void,
): Promise<number> {
  let listed = 0;
  for (;;) {
    const done = await moneyTx(db, async (tx) => {
      const [issue] = await queryRows<IssueRow>(
        tx,
        sql`SELECT ${ISSUE_COLUMNS} FROM new_share_issues
            WHERE listed_at IS NULL AND withdrawn_at IS NULL AND draw_state = 'drawn'
              AND listing_at <= ${at.toISOString()}::timestamptz
            ORDER BY listing_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
      );
      if (!issue) return undefined;
      const [claimed] = await queryRows<{ id: string }>(
        tx,
        sql`UPDATE new_share_issues SET listed_at = ${at.toISOString()}::timestamptz
            WHERE id = ${issue.id} AND listed_at IS NULL RETURNING id`,
      );
      if (!claimed) return undefined;
      return { listing: listingOf(issue), holdings: await grantHoldings(tx, issue, at) };
    });
    if (!done) return listed;
    listed += 1;
    onListed?.(done.listing, done.holdings);
  }
}

/** Every listed issue as the market data's listing (for each instance's simulator). */
export async function listedIssues(db: Database): Promise<Listing[]> {
  const rows = await db.tx(
    (tx) =>
      queryRows<IssueRow>(
        tx,
        sql`SELECT ${ISSUE_COLUMNS} FROM new_share_issues WHERE listed_at IS NOT NULL ORDER BY listed_at, id`,
      ),
    { readOnly: true },
  );
  return rows.map(listingOf);
}

/**
 * Adds the listed issues this instance's market data does not know yet; answers how many it added.
 * Cheap when nothing changed: one read of the listed issues' keys.
 */
export function createListingSync(db: Database, provider: MarketDataProvider) {
  const known = new Set<string>();
  return async function syncListings(): Promise<number> {
    if (!provider.addListing) return 0;
    let added = 0;
    for (const listing of await listedIssues(db)) {
      const key = `${listing.market}:${listing.code}`;
      if (known.has(key)) continue;
      known.add(key);
      if (provider.addListing(listing)) added += 1;
    }
    return added;
  };
}
