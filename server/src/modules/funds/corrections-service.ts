/**
 * Labelled corrections: the ONLY way an operator touches a balance. A correction is a journal
 * transaction of kind 'correction' between the user and the house `corrections` account, with the
 * operator's reason as its memo (shown to the user in fund records) and an audit log entry. It is
 * never an edit: a correction of a correction (`reverses`) posts the opposite amount, at most once.
 */
import { sql } from 'drizzle-orm';
import { Decimal, type Currency } from 'shared/money';
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '../../db/errors';
import { queryRows } from '../../db/query';
import { BusinessError } from '../../errors';
import { recordAudit } from '../audit/audit-service';
import { checkMinorUnits, getHouseAccountId, lockUserAccounts, postTransaction } from '../ledger/ledger-repository';
import { runIdempotent } from '../ledger/money-tx';
import type { MoneyContext } from './money-context';
import { newOrderNo } from './order-no';

export interface CorrectionInput {
  account: string;
  currency: Currency;
  amount: string;
  reason: string;
  reverses?: string;
}

export function createCorrectionsService({ db, now }: MoneyContext) {
  return {
    async correct(actorId: bigint, input: CorrectionInput, key: string | undefined) {
      const amount = new Decimal(input.amount);
      if (amount.isZero()) throw new BusinessError('amount_invalid', { field: 'amount' });
      checkMinorUnits(amount, input.currency);
      return runIdempotent(
        db,
        { userId: actorId, key, endpoint: 'adminCorrection', payload: { ...input, amount: amount.toFixed() } },
        async (tx) => {
          const [user] = await queryRows<{ id: bigint }>(
            tx,
            sql`SELECT id FROM users WHERE account = ${input.account}`,
          );
          if (!user) throw new BusinessError('account_not_found', { field: 'account' });
          const userId = BigInt(user.id);
          const accounts = await lockUserAccounts(tx, userId, [input.currency]);
          let reversesId: bigint | null = null;
          if (input.reverses) {
            const [original] = await queryRows<{ id: bigint; user_id: bigint; currency: Currency; amount: string }>(
              tx,
              sql`SELECT id, user_id, currency, amount FROM corrections WHERE order_no = ${input.reverses} FOR UPDATE`,
            );
            if (!original) throw new BusinessError('not_found', { field: 'reverses' });
            if (
              BigInt(original.user_id) !== userId ||
              original.currency !== input.currency ||
              !new Decimal(original.amount).negated().eq(amount)
            ) {
              throw new BusinessError('correction_reversal_mismatch', { field: 'amount' });
            }
            const [already] = await queryRows<{ id: bigint }>(
              tx,
              sql`SELECT id FROM corrections WHERE reverses_id = ${original.id}`,
            );
            if (already) throw new BusinessError('correction_already_reversed');
            reversesId = BigInt(original.id);
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
            const [row] = await queryRows<{ id: bigint }>(
              tx,
              sql`INSERT INTO corrections (user_id, order_no, currency, amount, reason, actor_id, reverses_id, journal_transaction_id)
                VALUES (${userId}, ${orderNo}, ${input.currency}, ${amount.toFixed()}, ${input.reason}, ${actorId}, ${reversesId}, ${journalId}) RETURNING id`,
            );
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
            });
            return { msg: 'correction_posted' as const, data: { id: Number(row!.id), order_no: orderNo } };
          } catch (error) {
            if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) throw new BusinessError('correction_already_reversed');
            throw error;
          }
        },
      );
    },
  };
}

export type CorrectionsService = ReturnType<typeof createCorrectionsService>;
