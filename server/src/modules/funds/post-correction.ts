/**
 * Posting a labelled correction (corrections-service.ts): one journal transaction of kind 'correction' between
 * the user and the house `corrections` account, its row, an audit log entry and the owner's inbox notice, in one
 * transaction; the mail once it committed (a retried key replays the answer and tells nobody twice).
 */
import { Decimal } from 'shared/money';
import type { InputOf } from '../../contract-input';
import type { Tx } from '../../db/database';
import { refuseDuplicate } from '../../db/errors';
import { BusinessError } from '../../errors';
import { assertMayDecideAbout } from '../admin/own-account';
import { recordAudit } from '../audit/audit-service';
import { notify, type InboxNotice } from '../inbox/inbox-service';
import { checkMinorUnits, getHouseAccountId, lockUserAccounts, postTransaction } from '../ledger/ledger-repository';
import { runIdempotent } from '../ledger/money-tx';
import type { NoticeMailer } from '../mail/notice-mail';
import { formatAmount } from '../wire/wire';
import type { MoneyContext } from '../common/money-context';
import { newOrderNo } from '../common/order-no';
import { findUserIdByAccount, insertCorrection, isReversed, lockCorrection } from './corrections-repository';
import { mailOwner } from '../mail/owner-mail';

export type CorrectionInput = InputOf<'adminCorrection'>;

/** What a correction is posted with: the database, the clock and the owner's mailer (none: no mail). */
export type CorrectionDeps = MoneyContext & { notices?: NoticeMailer };

/** The amount, refused when zero or finer than the currency's minor unit. */
export function correctionAmount(input: CorrectionInput): Decimal {
  const amount = new Decimal(input.amount);
  if (amount.isZero()) throw new BusinessError('amount_invalid', { field: 'amount' });
  checkMinorUnits(amount, input.currency);
  return amount;
}

/**
 * The id of the correction `input.reverses` names (null when it reverses none), locked: refused unless it is the
 * same user's, in the same currency, of the opposite amount, and not reversed yet.
 */
async function reversedId(tx: Tx, input: CorrectionInput, userId: bigint, amount: Decimal): Promise<bigint | null> {
  if (!input.reverses) return null;
  const original = await lockCorrection(tx, input.reverses);
  if (!original) throw new BusinessError('not_found', { field: 'reverses' });
  if (
    original.userId !== userId ||
    original.currency !== input.currency ||
    !new Decimal(original.amount).negated().eq(amount)
  ) {
    throw new BusinessError('correction_reversal_mismatch', { field: 'amount' });
  }
  if (await isReversed(tx, original.id)) throw new BusinessError('correction_already_reversed');
  return original.id;
}

/** The owner's `correction_posted` notice: the signed amount, the order number, the reason, the balance after. */
function correctionNotice(input: CorrectionInput, amount: Decimal, orderNo: string, available: Decimal): InboxNotice {
  return {
    key: 'correction_posted',
    values: {
      amount: `${amount.isPositive() ? '+' : ''}${formatAmount(amount, input.currency)}`,
      order_no: orderNo,
      reason: input.reason,
      available: formatAmount(available, input.currency),
    },
  };
}

/**
 * The correction's row, its audit entry and the owner's inbox notice (answered, for the mail); a second reversal
 * of one correction is refused by the unique index.
 */
async function recordCorrection(
  tx: Tx,
  { actorId, input, now }: { actorId: bigint; input: CorrectionInput; now: () => Date },
  row: { userId: bigint; orderNo: string; amount: Decimal; reversesId: bigint | null; journalId: bigint },
  availableBefore: string,
): Promise<{ id: bigint; notice: InboxNotice }> {
  const { userId, orderNo, amount, reversesId, journalId } = row;
  return refuseDuplicate(async () => {
    const id = await insertCorrection(tx, {
      userId,
      orderNo,
      currency: input.currency,
      amount: amount.toFixed(),
      reason: input.reason,
      actorId,
      reversesId,
      journalTransactionId: journalId,
    });
    await recordAudit(tx, {
      actorId,
      action: input.reverses ? 'correction.reverse' : 'correction.post',
      target: `user:${input.account}`,
      detail: {
        order_no: orderNo,
        currency: input.currency,
        amount: amount.toFixed(),
        reason: input.reason,
        reverses: input.reverses ?? null,
      },
      before: { available: availableBefore },
      after: { available: new Decimal(availableBefore).plus(amount).toFixed() },
    });
    const notice = correctionNotice(input, amount, orderNo, new Decimal(availableBefore).plus(amount));
    await notify(tx, userId, notice, now());
    return { id, notice };
  }, 'correction_already_reversed');
}

/** The journal transaction of a correction: user ± amount, house `corrections` ∓ amount; answers its id. */
async function postCorrectionEntries(
  tx: Tx,
  input: CorrectionInput,
  at: { now: () => Date; orderNo: string; accountId: bigint; amount: Decimal },
): Promise<bigint> {
  const house = await getHouseAccountId(tx, 'corrections', input.currency);
  return postTransaction(tx, {
    at: at.now(),
    kind: 'correction',
    reference: at.orderNo,
    memo: input.reverses ? `${input.reason} (reverses ${input.reverses})` : input.reason,
    entries: [
      { accountId: at.accountId, currency: input.currency, amount: at.amount.toFixed() },
      { accountId: house, currency: input.currency, amount: at.amount.negated().toFixed() },
    ],
  });
}

/** Posts a correction (or the reversal of one) for the operator `actorId`; with an Idempotency-Key a retry replays. */
export async function postCorrection(
  { db, now, notices }: CorrectionDeps,
  actorId: bigint,
  input: CorrectionInput,
  key: string | undefined,
) {
  const amount = correctionAmount(input);
  let told: { userId: bigint; notice: InboxNotice } | undefined;
  const answer = await runIdempotent(
    db,
    { userId: actorId, key, endpoint: 'adminCorrection', payload: { ...input, amount: amount.toFixed() } },
    async (tx) => {
      const userId = await findUserIdByAccount(tx, input.account);
      if (userId === undefined) throw new BusinessError('account_not_found', { field: 'account' });
      await assertMayDecideAbout(tx, actorId, userId);
      const accounts = await lockUserAccounts(tx, userId, [input.currency]);
      const reversesId = await reversedId(tx, input, userId, amount);
      const orderNo = newOrderNo('C', now());
      const account = accounts.get(input.currency)!;
      const journalId = await postCorrectionEntries(tx, input, { now, orderNo, accountId: account.id, amount });
      const { id, notice } = await recordCorrection(
        tx,
        { actorId, input, now },
        { userId, orderNo, amount, reversesId, journalId },
        account.available,
      );
      told = { userId, notice };
      return { msg: 'correction_posted' as const, data: { id: Number(id), order_no: orderNo } };
    },
  );
  if (told) await mailOwner(db, notices, told.userId, told.notice);
  return answer;
}
