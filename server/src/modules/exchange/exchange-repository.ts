/** Data access for exchange rates and exchanges (tables exchange_rates, exchanges; 0003_money.sql). */
import { and, asc, eq } from 'drizzle-orm';
import type { Currency } from 'shared/money';
import type { Tx } from '../../db/database';
import { exchangeRates, exchanges } from '../../db/schema';

export type ExchangeRate = typeof exchangeRates.$inferSelect;
export type Exchange = typeof exchanges.$inferSelect;

const pair = (from: Currency, to: Currency) =>
  and(eq(exchangeRates.fromCurrency, from), eq(exchangeRates.toCurrency, to));

export async function listRates(tx: Tx): Promise<ExchangeRate[]> {
  return tx.select().from(exchangeRates).orderBy(asc(exchangeRates.fromCurrency), asc(exchangeRates.toCurrency));
}

export async function findRate(tx: Tx, from: Currency, to: Currency): Promise<ExchangeRate | undefined> {
  const rows = await tx.select().from(exchangeRates).where(pair(from, to));
  return rows[0];
}

/** The pair's rate, row-locked until the transaction ends (SELECT … FOR UPDATE). */
export async function lockRate(tx: Tx, from: Currency, to: Currency): Promise<ExchangeRate | undefined> {
  const rows = await tx.select().from(exchangeRates).where(pair(from, to)).for('update');
  return rows[0];
}

export async function updateRate(
  tx: Tx,
  from: Currency,
  to: Currency,
  change: Pick<ExchangeRate, 'rate' | 'spread' | 'updatedAt' | 'updatedBy'>,
): Promise<void> {
  await tx.update(exchangeRates).set(change).where(pair(from, to));
}

export async function insertExchange(tx: Tx, exchange: Omit<Exchange, 'id' | 'createdAt'>): Promise<void> {
  await tx.insert(exchanges).values(exchange);
}
