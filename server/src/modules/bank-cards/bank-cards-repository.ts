/** Data access for bank cards (table bank_cards, 0002_accounts.sql); every query is scoped by user id. */
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { bankCards } from '../../db/schema';

export type BankCard = typeof bankCards.$inferSelect;
/** What a user types for a card (the bank_cards columns the user owns). */
export type CardFields = Pick<
  typeof bankCards.$inferInsert,
  'holderName' | 'cardNumber' | 'cardType' | 'bankName' | 'branchName' | 'branchCode'
>;

export async function findCard(tx: Tx, userId: bigint, cardId: bigint): Promise<BankCard | undefined> {
  const rows = await tx
    .select()
    .from(bankCards)
    .where(and(eq(bankCards.id, cardId), eq(bankCards.userId, userId)));
  return rows[0];
}

export async function listCardRows(tx: Tx, userId: bigint): Promise<BankCard[]> {
  return tx.select().from(bankCards).where(eq(bankCards.userId, userId)).orderBy(asc(bankCards.id));
}

/** Whether another card of the user (not `exceptId`) has this number. */
export async function cardNumberTaken(tx: Tx, userId: bigint, cardNumber: string, exceptId?: bigint): Promise<boolean> {
  const rows = await tx
    .select({ id: bankCards.id })
    .from(bankCards)
    .where(and(eq(bankCards.userId, userId), eq(bankCards.cardNumber, cardNumber), ne(bankCards.id, exceptId ?? 0n)));
  return rows.length > 0;
}

/** Inserts a card; undefined when the user already has this number (ON CONFLICT DO NOTHING). */
export async function insertCard(tx: Tx, userId: bigint, card: CardFields): Promise<bigint | undefined> {
  const rows = await tx
    .insert(bankCards)
    .values({ userId, ...card })
    .onConflictDoNothing({ target: [bankCards.userId, bankCards.cardNumber] })
    .returning({ id: bankCards.id });
  return rows[0]?.id;
}

export async function updateCard(tx: Tx, userId: bigint, cardId: bigint, card: CardFields): Promise<void> {
  await tx
    .update(bankCards)
    .set({ ...card, updatedAt: sql`now()` })
    .where(and(eq(bankCards.id, cardId), eq(bankCards.userId, userId)));
}

/** Deletes the user's own card; answers whether there was one. */
export async function deleteCardRow(tx: Tx, userId: bigint, cardId: bigint): Promise<boolean> {
  const rows = await tx
    .delete(bankCards)
    .where(and(eq(bankCards.id, cardId), eq(bankCards.userId, userId)))
    .returning({ id: bankCards.id });
  return rows.length > 0;
}
