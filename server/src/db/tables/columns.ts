/** Column helpers shared by the table definitions (one style for ids, money, currencies, times). */
import { bigint, numeric, text, timestamp } from 'drizzle-orm/pg-core';
import type { Currency, MARKET_CURRENCY } from 'shared/money';

export const id = () => bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity();
export const userId = () => bigint('user_id', { mode: 'bigint' }).notNull();
export const money = (name: string) => numeric(name, { precision: 38, scale: 8 });
/** A market_code domain column: jpy, usd, cny (its base type is text). */
export const market = () => text('market').$type<keyof typeof MARKET_CURRENCY>();
/** A currency_code domain column (its base type is text). */
export const currency = (name: string) => text(name).$type<Currency>();
export const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const holdId = () => bigint('hold_id', { mode: 'bigint' });
export const journalTransactionId = () => bigint('journal_transaction_id', { mode: 'bigint' });
export const rate = (name: string) => numeric(name, { precision: 30, scale: 12 });
export const spread = (name: string) => numeric(name, { precision: 8, scale: 6 });
