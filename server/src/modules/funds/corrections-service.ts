/**
 * Labelled corrections: the ONLY way an operator touches a balance. A correction is a journal
 * transaction of kind 'correction' between the user and the house `corrections` account, with the
 * operator's reason as its memo (shown to the user in fund records) and an audit log entry. It is
 * never an edit: a correction of a correction (`reverses`) posts the opposite amount, at most once.
 * Like every money event it is announced (issue 35): `correction_posted` in the owner's inbox in the posting's
 * transaction, and by mail once it committed (a retried key replays the answer and tells nobody twice).
 */
import { Decimal } from 'shared/money';
import type { InputOf } from '../../contract-input';
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '../../db/errors';
import { BusinessError } from '../../errors';
import { assertMayDecideAbout } from '../admin/own-account';
import { recordAudit } from '../audit/audit-service';
import { notify, type InboxNotice } from '../inbox/inbox-service';
import { checkMinorUnits, getHouseAccountId, lockUserAccounts, postTransaction } from '../ledger/ledger-repository';
import { runIdempotent } from '../ledger/money-tx';
import type { NoticeMailer } from '../mail/notice-mail';
import { findUserById } from '../users/users-repository';
import { formatAmount } from '../wire/wire';
import type { MoneyContext } from '../common/money-context';
import { newOrderNo } from '../common/order-no';
import { findUserIdByAccount, insertCorrection, isReversed, lockCorrection } from './corrections-repository';

export type CorrectionInput = InputOf<'adminCorrection'>;

export function createCorrectionsService({ db, now, notices }: MoneyContext & { notices?: NoticeMailer }) {
  /** The owner's e-mail of a posted correction: after the commit; a failed look-up only loses the mail. */
  async function mailNotice(userId: bigint, notice: InboxNotice): Promise<void> {
    if (!notices) return;
    const user = await db.tx((tx) => findUserById(tx, userId), { readOnly: true }).catch(() => undefined);
    notices.send(user?.email, notice);
  }
  return {
    /**
     * The rules a correction can be refused by before it runs (amount, minor units, the account), so a four-eyes
     * request is refused at submission rather than at approval; the balance and reversal rules are checked when
     * it runs. Nobody corrects their own account (review_own_account) nor one of an equal or
     * higher role (review_equal_role). Answers the account's user id (the
     * four-eyes request's subject).
     */
    async precheck(actorId: bigint, input: CorrectionInput): Promise<bigint> {
      const amount = new Decimal(input.amount);
      if (amount.isZero()) throw new BusinessError('amount_invalid', { field: 'amount' });
      checkMinorUnits(amount, input.currency);
      return db.tx(
        async (tx) => {
          const userId = await findUserIdByAccount(tx, input.account);
          if (userId === undefined) throw new BusinessError('account_not_found', { field: 'account' });
          await assertMayDecideAbout(tx, actorId, userId);
          return userId;
        },
        { readOnly: true },
      );
    },

    async correct(actorId: bigint, input: CorrectionInput, key: string | undefined) {
      const amount = new Decimal(input.amount);
      if (amount.isZero()) throw new BusinessError('amount_invalid', { field: 'amount' });
      checkMinorUnits(amount, input.currency);
      let told: { userId: bigint; notice: InboxNotice } | undefined;
      const answer = await runIdempotent(
        db,
        { userId: actorId, key, endpoint: 'adminCorrection', payload: { ...input, amount: amount.toFixed() } },
        async (tx) => {
          const userId = await findUserIdByAccount(tx, input.account);
          if (userId === undefined) throw new BusinessError('account_not_found', { field: 'account' });
          await assertMayDecideAbout(tx, actorId, userId);
          const accounts = await lockUserAccounts(tx, userId, [input.currency]);
          let reversesId: bigint | null = null;
          if (input.reverses) {
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
            reversesId = original.id;
          }
          const orderNo = newOrderNo('C', now());
          const house = await getHouseAccountId(tx, 'corrections', input.currency);
          const journalId = await postTransaction(tx, {
            at: now(),
            kind: 'correction',
            reference: orderNo,
            memo: input.reverses ? `${input.reason} (reverses ${input.reverses})` : input.reason,
            entries: [
              { accountId: accounts.get(input.currency)!.id, currency: input.currency, amount: amount.toFixed() },
              { accountId: house, currency: input.currency, amount: amount.negated().toFixed() },
            ],
          });
          try {
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
              before: { available: accounts.get(input.currency)!.available },
              after: { available: new Decimal(accounts.get(input.currency)!.available).plus(amount).toFixed() },
            });
            const available = new Decimal(accounts.get(input.currency)!.available).plus(amount);
            const notice: InboxNotice = {
              key: 'correction_posted',
              values: {
                amount: `${amount.isPositive() ? '+' : ''}${formatAmount(amount, input.currency)}`,
                order_no: orderNo,
                reason: input.reason,
                available: formatAmount(available, input.currency),
              },
            };
            await notify(tx, userId, notice, now());
            told = { userId, notice };
            return { msg: 'correction_posted' as const, data: { id: Number(id), order_no: orderNo } };
          } catch (error) {
            if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) throw new BusinessError('correction_already_reversed');
            throw error;
          }
        },
      );
      if (told) await mailNotice(told.userId, told.notice);
      return answer;
    },
  };
}

export type CorrectionsService = ReturnType<typeof createCorrectionsService>;
