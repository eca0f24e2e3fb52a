/**
 * Copy-trading rows (0012_copy_trading.sql): products with their holdings, follow orders
 * (copy_trade_orders), capacity taken with a conditional UPDATE, redemptions claimed FOR UPDATE
 * SKIP LOCKED. Every statement of the module is here (its risk disclosure is modules/risk-disclosure's).
 */
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Currency } from 'shared/money';
import type { Tx } from '../../db/database';
import { queryRows } from '../../db/query';
import { copyProductHoldings, copyProducts, copyTradeOrders } from '../../db/schema';

export type ProductRow = typeof copyProducts.$inferSelect;
export type HoldingRow = typeof copyProductHoldings.$inferSelect;
export type OrderRow = typeof copyTradeOrders.$inferSelect;
export type Market = NonNullable<ProductRow['market']>;
export type ProductFacts = Omit<typeof copyProducts.$inferInsert, 'id' | 'raised' | 'offShelfAt' | 'createdAt'>;

export async function insertProduct(
  tx: Tx,
  facts: ProductFacts,
  holdings: ReadonlyArray<{ code: string; weight: string }>,
  at: Date,
): Promise<bigint> {
  const [row] = await tx
    .insert(copyProducts)
    .values({ ...facts, createdAt: at })
    .returning({ id: copyProducts.id });
  await tx.insert(copyProductHoldings).values(holdings.map((h) => ({ productId: row!.id, ...h })));
  return row!.id;
}

export async function getProduct(tx: Tx, id: number | bigint): Promise<ProductRow | undefined> {
  const [row] = await tx
    .select()
    .from(copyProducts)
    .where(eq(copyProducts.id, BigInt(id)));
  return row;
}

export async function listProducts(
  tx: Tx,
  input: { market?: Market; onShelfOnly: boolean; limit: number; offset: number },
): Promise<{ rows: ProductRow[]; total: number }> {
  const where = and(
    input.market ? eq(copyProducts.market, input.market) : undefined,
    input.onShelfOnly ? isNull(copyProducts.offShelfAt) : undefined,
  );
  const rows = await tx
    .select()
    .from(copyProducts)
    .where(where)
    .orderBy(desc(copyProducts.id))
    .limit(input.limit)
    .offset(input.offset);
  const [count] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(copyProducts)
    .where(where);
  return { rows, total: Number(count?.n ?? 0) };
}

export async function countProducts(tx: Tx, market: Market): Promise<number> {
  const [count] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(copyProducts)
    .where(eq(copyProducts.market, market));
  return Number(count?.n ?? 0);
}

export async function holdingsOf(tx: Tx, ids: readonly bigint[]): Promise<Map<bigint, HoldingRow[]>> {
  const map = new Map<bigint, HoldingRow[]>();
  if (ids.length === 0) return map;
  const rows = await tx
    .select()
    .from(copyProductHoldings)
    .where(inArray(copyProductHoldings.productId, [...ids]))
    .orderBy(copyProductHoldings.productId, desc(copyProductHoldings.weight), copyProductHoldings.code);
  for (const row of rows) map.set(row.productId, [...(map.get(row.productId) ?? []), row]);
  return map;
}

/** Takes capacity for a follow: false when off the shelf, past the deadline or beyond what is left. */
export async function takeCapacity(tx: Tx, id: bigint, amount: string, at: Date): Promise<boolean> {
  const rows = await queryRows<{ id: bigint }>(
    tx,
    sql`UPDATE copy_products SET raised = raised + ${amount}::numeric
        WHERE id = ${id} AND off_shelf_at IS NULL AND deadline > ${at.toISOString()}::timestamptz
          AND raised + ${amount}::numeric <= capacity
        RETURNING id`,
  );
  return rows.length === 1;
}

export async function releaseCapacity(tx: Tx, id: bigint, amount: string): Promise<void> {
  await tx.execute(sql`UPDATE copy_products SET raised = greatest(raised - ${amount}::numeric, 0) WHERE id = ${id}`);
}

export async function takeOffShelf(tx: Tx, id: bigint, at: Date): Promise<boolean> {
  const rows = await tx
    .update(copyProducts)
    .set({ offShelfAt: at })
    .where(and(eq(copyProducts.id, id), isNull(copyProducts.offShelfAt)))
    .returning({ id: copyProducts.id });
  return rows.length === 1;
}

export async function insertOrder(tx: Tx, values: typeof copyTradeOrders.$inferInsert): Promise<bigint> {
  const [row] = await tx.insert(copyTradeOrders).values(values).returning({ id: copyTradeOrders.id });
  return row!.id;
}

export async function getOrder(tx: Tx, id: bigint): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(copyTradeOrders).where(eq(copyTradeOrders.id, id));
  return row;
}

/** The user's orders of one currency, newest first; `tab` active (status 0) or ended (1). */
export function listUserOrders(
  tx: Tx,
  userId: bigint,
  input: { currency: Currency; tab: 'all' | 'active' | 'ended'; productId?: bigint },
): Promise<OrderRow[]> {
  return tx
    .select()
    .from(copyTradeOrders)
    .where(
      and(
        eq(copyTradeOrders.userId, userId),
        eq(copyTradeOrders.currency, input.currency),
        input.tab === 'all' ? undefined : eq(copyTradeOrders.status, input.tab === 'active' ? 0 : 1),
        input.productId === undefined ? undefined : eq(copyTradeOrders.productId, input.productId),
      ),
    )
    .orderBy(desc(copyTradeOrders.id));
}

/** Active orders whose redemption close passed, locked; another instance skips them. */
export function claimDueRedemptions(tx: Tx, at: Date, limit: number): Promise<OrderRow[]> {
  return tx
    .select()
    .from(copyTradeOrders)
    .where(
      and(
        eq(copyTradeOrders.status, 0),
        sql`${copyTradeOrders.redeemAt} <= ${at.toISOString()}::timestamptz`,
        sql`${copyTradeOrders.productId} IS NOT NULL`,
      ),
    )
    .orderBy(copyTradeOrders.redeemAt, copyTradeOrders.id)
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Active orders whose pricing close passed but whose units are not written yet, locked. */
export function claimUnpriced(tx: Tx, at: Date, limit: number): Promise<OrderRow[]> {
  return tx
    .select()
    .from(copyTradeOrders)
    .where(
      and(
        eq(copyTradeOrders.status, 0),
        isNull(copyTradeOrders.units),
        sql`${copyTradeOrders.startsAt} <= ${at.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(copyTradeOrders.id)
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function setUnits(tx: Tx, id: bigint, units: string, buyNav: string): Promise<void> {
  await tx.update(copyTradeOrders).set({ units, buyNav }).where(eq(copyTradeOrders.id, id));
}

/** Ends an active order; false when it was not active any more (redeemed once). */
export async function markRedeemed(
  tx: Tx,
  id: bigint,
  values: { units: string; buyNav: string; nav: string; amount: string; dailyProfit: string; totalProfit: string },
  at: Date,
): Promise<boolean> {
  const rows = await tx
    .update(copyTradeOrders)
    .set({
      status: 1,
      units: values.units,
      buyNav: values.buyNav,
      redeemedNav: values.nav,
      redeemedAmount: values.amount,
      dailyProfit: values.dailyProfit,
      totalProfit: values.totalProfit,
      endedAt: at,
    })
    .where(and(eq(copyTradeOrders.id, id), eq(copyTradeOrders.status, 0)))
    .returning({ id: copyTradeOrders.id });
  return rows.length === 1;
}

/** Products with priced active orders not yet valued on `date` (the nightly accrual's work list). */
export async function productsToAccrue(tx: Tx, date: string): Promise<bigint[]> {
  const rows = await queryRows<{ id: bigint }>(
    tx,
    sql`SELECT DISTINCT product_id AS id FROM copy_trade_orders
        WHERE status = 0 AND units IS NOT NULL AND product_id IS NOT NULL
          AND (valued_on IS NULL OR valued_on < ${date}::date)`,
  );
  return rows.map((r) => BigInt(r.id));
}

/**
 * The nightly accrual of one product: every priced active order's daily profit (units × (nav − the
 * previous nav)) and total profit (units × nav − principal), rounded to the currency's minor unit,
 * in one statement. Answers the rows written.
 */
export async function accrueProduct(
  tx: Tx,
  productId: bigint,
  input: { date: string; nav: string; previousNav: string; scale: number },
): Promise<number> {
  // Counted in the database: a product's hundreds of thousands of ids are not worth a round trip.
  const rows = await queryRows<{ n: number }>(
    tx,
    sql`WITH valued AS (
          UPDATE copy_trade_orders SET
            daily_profit = CASE WHEN started_on >= ${input.date}::date THEN 0 ELSE
                             round(units * (${input.nav}::numeric - ${input.previousNav}::numeric), ${input.scale}) END,
            total_profit = round(units * ${input.nav}::numeric, ${input.scale}) - money,
            valued_on = ${input.date}::date
          WHERE product_id = ${productId} AND status = 0 AND units IS NOT NULL
            AND (valued_on IS NULL OR valued_on < ${input.date}::date)
          RETURNING 1)
        SELECT count(*)::int AS n FROM valued`,
  );
  return rows[0]?.n ?? 0;
}
