/**
 * Bank-card reads the money calls share (inside the caller's transaction): the user's own card
 * with its full number for a payout, or card_not_found (another user's card answers the same).
 */
import type { Tx } from '../../db/database';
import { BusinessError } from '../../errors';
import { findCard, listCardRows, type BankCard } from './bank-cards-repository';

export type { BankCard };

/** "1234567890" → "******7890": only the last four digits are ever answered. */
export function maskCardNumber(cardNumber: string): string {
  return `${'*'.repeat(Math.max(cardNumber.length - 4, 0))}${cardNumber.slice(-4)}`;
}

/** The user's own card (with the full number, for a payout), or card_not_found. */
export async function getCard(tx: Tx, userId: bigint, cardId: number | bigint): Promise<BankCard> {
  const card = await findCard(tx, userId, BigInt(cardId));
  if (!card) throw new BusinessError('card_not_found');
  return card;
}

export async function listCards(tx: Tx, userId: bigint): Promise<BankCard[]> {
  return listCardRows(tx, userId);
}
