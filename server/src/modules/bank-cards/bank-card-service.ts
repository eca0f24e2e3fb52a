/**
 * Bank cards of /user/banks, bankAdd, bankEdit, bankDelete.
 *
 * Decisions:
 * - A bank card must be in the account holder's own name, as a Japanese broker requires: its holder
 *   name must equal the verified identity name (compared after Unicode NFKC normalisation, ignoring
 *   spaces and letter case); otherwise `card_holder_mismatch` naming the verified name.
 * - Another user's card answers exactly like a missing one (card_not_found).
 */
import type { Database, Tx } from '../../db/database';
import { BusinessError } from '../../errors';
import type { InputOf } from '../../contract-input';
import { realnameRefusal } from '../common/user-checks';
import { lockUser, readIdentity } from '../users/users-repository';
import { getCard, listCards, maskCardNumber, type BankCard } from './bank-cards';
import { cardNumberTaken, deleteCardRow, insertCard, updateCard, type CardFields } from './bank-cards-repository';

export type CardInput = InputOf<'bankAdd'>;

/** Names compare after NFKC (full-width → half-width), without spaces, case-insensitively. */
export function sameName(a: string, b: string): boolean {
  const norm = (s: string) =>
    s
      .normalize('NFKC')
      .replace(/[\s\u3000]+/g, '')
      .toLowerCase();
  return norm(a) === norm(b);
}

function cardAnswer(card: BankCard) {
  return {
    id: Number(card.id),
    holder_name: card.holderName,
    card_number_masked: maskCardNumber(card.cardNumber),
    card_type: card.cardType,
    bank_name: card.bankName,
    branch_name: card.branchName,
    branch_code: card.branchCode,
    created_at: card.createdAt.toISOString(),
  };
}

const cardFields = (input: CardInput): CardFields => ({
  holderName: input.holder_name,
  cardNumber: input.card_number,
  cardType: input.card_type,
  bankName: input.bank_name,
  branchName: input.branch_name,
  branchCode: input.branch_code,
});

export function createBankCardService(deps: { db: Database }) {
  const { db } = deps;

  async function assertCardFits(tx: Tx, userId: bigint, input: CardInput, exceptId?: bigint) {
    const user = await readIdentity(tx, userId);
    if (!user) throw new BusinessError('account_not_found');
    if (user.realnameStatus !== 'verified' || !user.realnameName) throw realnameRefusal(user.realnameStatus);
    if (!sameName(input.holder_name, user.realnameName)) {
      throw new BusinessError('card_holder_mismatch', { field: 'holder_name', values: { name: user.realnameName } });
    }
    if (await cardNumberTaken(tx, userId, input.card_number, exceptId))
      throw new BusinessError('card_exists', { field: 'card_number' });
  }

  return {
    async list(userId: bigint) {
      return (await db.tx((tx) => listCards(tx, userId), { readOnly: true })).map(cardAnswer);
    },

    async add(userId: bigint, input: CardInput): Promise<{ id: number }> {
      return db.tx(async (tx) => {
        await lockUser(tx, userId);
        await assertCardFits(tx, userId, input);
        const id = await insertCard(tx, userId, cardFields(input));
        if (id === undefined) throw new BusinessError('card_exists', { field: 'card_number' });
        return { id: Number(id) };
      });
    },

    async edit(userId: bigint, input: InputOf<'bankEdit'>): Promise<void> {
      const { id, ...card } = input;
      await db.tx(async (tx) => {
        await lockUser(tx, userId);
        await getCard(tx, userId, id);
        await assertCardFits(tx, userId, card, BigInt(id));
        await updateCard(tx, userId, BigInt(id), cardFields(card));
      });
    },

    async remove(userId: bigint, input: InputOf<'bankDelete'>): Promise<void> {
      await db.tx(async (tx) => {
        if (!(await deleteCardRow(tx, userId, BigInt(input.id)))) throw new BusinessError('card_not_found');
      });
    },
  };
}

export type BankCardService = ReturnType<typeof createBankCardService>;
