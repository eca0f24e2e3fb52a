/**
 * Withdrawals (spec §5, §6, §9): to a bound card, with the fund password, at least the currency's
 * minimum, on business days 09:00–15:30 Japan time; refused while positions are open, a credit
 * loan is unpaid, an order is under review, or the credit score is below the published threshold —
 * each refusal names its rule and the way out. The amount is frozen (a ledger hold) while pending;
 * approval posts the hold to the house bank account, rejection voids it. Inbox message either way.
 */
import { sql } from 'drizzle-orm';
import type { Currency } from 'shared/money';
import type { Tx } from '../../db/database';
import { PG_UNIQUE_VIOLATION, pgConstraint, pgErrorCode } from '../../db/errors';
import { queryRows } from '../../db/query';
import { BusinessError } from '../../errors';
import { assertNotTooFrequent } from '../../security/money-limiter';
import { recordAudit } from '../audit/audit-service';
import { notify } from '../inbox/inbox-service';
import { getHouseAccountId, lockUserAccounts, placeHold, postHold, voidHold } from '../ledger/ledger-repository';
import { moneyTx, runIdempotent } from '../ledger/money-tx';
import { computeCreditScore, CREDIT_WITHDRAW_THRESHOLD } from '../loans/credit-score';
import { outstandingDebt, readCreditRecord } from '../loans/loans-repository';
import { assertCanMoveMoney, getCard, maskCardNumber, verifyFundPassword } from '../users/user-checks';
import { withdrawWindowState } from './business-hours';
import { formatAmount, iso, readFundsSettings, REVIEW_STATUS, userAmount, wire } from './funds-settings';
import { ADMIN_PAGE_SIZE, type MoneyContext } from './money-context';
import { newOrderNo } from './order-no';

export interface WithdrawInput {
  amount: string;
  currency: Currency;
  card_id: number;
  fund_password: string;
}

interface WithdrawalRow {
  id: bigint;
  user_id: bigint;
  order_no: string;
  currency: Currency;
  money: string;
  holder_name: string;
  bank_name: string;
  card_number_masked: string;
  status: number;
  reject_reason: string | null;
  hold_id: bigint | null;
  created_at: Date;
  reviewed_at: Date | null;
  account?: string;
}

/**
 * The state rules of spec §6, read after the user's accounts are locked (so a concurrent call of
 * the same user is already committed and seen). Order: positions, unpaid loans, orders under
 * review, credit score.
 */
export async function assertWithdrawAllowed(tx: Tx, userId: bigint, now: Date): Promise<void> {
  const [open] = await queryRows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM positions WHERE user_id = ${userId} AND status IN (0, 1, 3)`,
  );
  if ((open?.n ?? 0) > 0) throw new BusinessError('positions_open');
  const debt = await outstandingDebt(tx, userId);
  if (debt.length > 0)
    throw new BusinessError('loan_unpaid', {
      values: { amount: debt.map((d) => formatAmount(d.amount, d.currency)).join(' + ') },
    });
  const [review] = await queryRows<{ n: number }>(
    tx,
    sql`SELECT ((SELECT count(*) FROM withdrawals WHERE user_id = ${userId} AND status = 0)
              + (SELECT count(*) FROM deposits WHERE user_id = ${userId} AND status = 0)
              + (SELECT count(*) FROM loans WHERE user_id = ${userId} AND status = 0))::int AS n`,
  );
  if ((review?.n ?? 0) > 0) throw new BusinessError('order_under_review');
  const credit = computeCreditScore(await readCreditRecord(tx, userId), now);
  if (credit.score < CREDIT_WITHDRAW_THRESHOLD) {
    throw new BusinessError('credit_score_low', {
      values: { score: String(credit.score), min: String(CREDIT_WITHDRAW_THRESHOLD) },
    });
  }
}

export function createWithdrawService({ db, now }: MoneyContext) {
  return {
    async rules() {
      return db.tx(
        async (tx) => {
          const settings = await readFundsSettings(tx);
          const state = withdrawWindowState(now(), settings.window);
          const min: Record<string, string> = {};
          for (const [currency, value] of Object.entries(settings.withdrawMin)) min[currency] = value.toFixed();
          return {
            min,
            hours: settings.withdrawHours,
            open_now: state.open,
            next_open: state.nextOpen,
            arrival: settings.withdrawArrival,
            credit_threshold: CREDIT_WITHDRAW_THRESHOLD,
          };
        },
        { readOnly: true },
      );
    },

    async withdraw(userId: bigint, input: WithdrawInput, key: string | undefined) {
      const amount = userAmount(input.amount, input.currency);
      return runIdempotent(
        db,
        // The fund password is not part of "the same request": secrets are never stored, even hashed.
        {
          userId,
          key,
          endpoint: 'withdraw',
          payload: { amount: amount.toFixed(), currency: input.currency, card_id: input.card_id },
          limit: () => assertNotTooFrequent(userId, 'withdraw'),
        },
        async (tx) => {
          const settings = await readFundsSettings(tx);
          const min = settings.withdrawMin[input.currency];
          if (!min) throw new BusinessError('withdraw_currency_unavailable', { field: 'currency' });
          if (amount.lt(min))
            throw new BusinessError('withdraw_min', {
              field: 'amount',
              values: { min: formatAmount(min, input.currency) },
            });
          const window = withdrawWindowState(now(), settings.window);
          if (!window.open) throw new BusinessError('withdraw_closed_hours', { values: { opens: window.nextOpen! } });
          await assertCanMoveMoney(tx, userId, { needCard: true });
          const card = await getCard(tx, userId, input.card_id);
          await verifyFundPassword(tx, userId, input.fund_password);
          const accounts = await lockUserAccounts(tx, userId, [input.currency]);
          await assertWithdrawAllowed(tx, userId, now());
          const orderNo = newOrderNo('W', now());
          const holdId = await placeHold(tx, {
            accountId: accounts.get(input.currency)!.id,
            currency: input.currency,
            amount: amount.toFixed(),
            reason: 'withdrawal',
            reference: orderNo,
            at: now(),
          });
          try {
            const [row] = await queryRows<{ id: bigint }>(
              tx,
              sql`INSERT INTO withdrawals (user_id, order_no, currency, money, holder_name, bank_name, card_number_masked, hold_id, card_id, created_at)
                  VALUES (${userId}, ${orderNo}, ${input.currency}, ${amount.toFixed()}, ${card.holderName}, ${card.bankName}, ${maskCardNumber(card.cardNumber)}, ${holdId}, ${card.id}, ${now().toISOString()})
                  RETURNING id`,
            );
            return { msg: 'withdraw_success' as const, data: { id: Number(row!.id), order_no: orderNo } };
          } catch (error) {
            if (pgErrorCode(error) === PG_UNIQUE_VIOLATION && pgConstraint(error) === 'withdrawals_one_pending')
              throw new BusinessError('order_under_review');
            throw error;
          }
        },
      );
    },

    async adminList(status: 'pending' | 'approved' | 'rejected' | 'all', page: number) {
      return db.tx(
        async (tx) => {
          const code = status === 'all' ? null : REVIEW_STATUS.indexOf(status);
          const rows = await queryRows<WithdrawalRow>(
            tx,
            sql`SELECT w.*, u.account FROM withdrawals w JOIN users u ON u.id = w.user_id
              WHERE ${code}::int IS NULL OR w.status = ${code}::int
              ORDER BY w.id ${code === 0 ? sql`ASC` : sql`DESC`} LIMIT ${ADMIN_PAGE_SIZE} OFFSET ${(page - 1) * ADMIN_PAGE_SIZE}`,
          );
          const [count] = await queryRows<{ n: number }>(
            tx,
            sql`SELECT count(*)::int AS n FROM withdrawals WHERE ${code}::int IS NULL OR status = ${code}::int`,
          );
          return {
            list: rows.map((row) => ({
              id: Number(row.id),
              order_no: row.order_no,
              account: row.account!,
              currency: row.currency,
              amount: wire(row.money),
              holder_name: row.holder_name,
              bank_name: row.bank_name,
              card_number: row.card_number_masked,
              status: REVIEW_STATUS[row.status]!,
              reject_reason: row.reject_reason,
              created_at: iso(row.created_at)!,
              reviewed_at: iso(row.reviewed_at),
            })),
            total: count?.n ?? 0,
          };
        },
        { readOnly: true },
      );
    },

    /** Exactly one reviewer wins; approval posts the hold (user → bank), rejection voids it. */
    async review(actorId: bigint, input: { id: number; action: 'approve' | 'reject'; reason: string }) {
      return moneyTx(db, async (tx) => {
        const owner = await queryRows<{ user_id: bigint }>(
          tx,
          sql`SELECT user_id FROM withdrawals WHERE id = ${input.id}`,
        );
        if (!owner[0]) throw new BusinessError('not_found');
        const userId = BigInt(owner[0].user_id);
        await lockUserAccounts(tx, userId);
        const approve = input.action === 'approve';
        const [row] = await queryRows<WithdrawalRow>(
          tx,
          sql`UPDATE withdrawals SET status = ${approve ? 1 : 2}, reviewed_at = ${now().toISOString()}, reviewed_by = ${actorId},
                reject_reason = ${approve ? null : input.reason || null}
              WHERE id = ${input.id} AND status = 0 RETURNING *`,
        );
        if (!row) throw new BusinessError('review_already_done');
        const holdId = BigInt(row.hold_id!);
        const resolved = approve
          ? await postHold(tx, holdId, {
              accountId: await getHouseAccountId(tx, 'bank', row.currency),
              kind: 'withdrawal',
              reference: row.order_no,
              at: now(),
            })
          : await voidHold(tx, holdId, now());
        // The hold resolves with the row or the whole review rolls back: never one without the other.
        if (!resolved) throw new Error(`withdrawal ${row.order_no}: hold ${holdId} was already resolved`);
        const amount = formatAmount(row.money, row.currency);
        await notify(
          tx,
          userId,
          approve
            ? { key: 'withdrawal_approved', values: { amount } }
            : { key: 'withdrawal_rejected', values: { amount, reason: input.reason || '-' } },
          now(),
        );
        await recordAudit(tx, {
          actorId,
          action: `withdrawal.${input.action}`,
          target: `withdrawal:${row.order_no}`,
          detail: { user_id: String(userId), amount: wire(row.money), currency: row.currency, reason: input.reason },
        });
        return { msg: 'review_done' as const, data: {} };
      });
    },
  };
}

export type WithdrawService = ReturnType<typeof createWithdrawService>;
