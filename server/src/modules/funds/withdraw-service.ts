/**
 * Withdrawals (spec §5, §6, §9): to a bound card, with the fund password, at least the currency's
 * minimum, on business days 09:00–15:30 Japan time; refused while positions are open (or limit
 * orders pending: orders_pending {count}), a credit loan is unpaid, an order is under review, or the
 * credit score is below the published threshold — each refusal names its rule and the way out. The
 * amount is frozen (a ledger hold) while pending; approval posts the hold to the house bank account,
 * rejection voids it. Inbox message either way.
 */
import type { Tx } from '../../db/database';
import { PG_UNIQUE_VIOLATION, pgConstraint, pgErrorCode } from '../../db/errors';
import { BusinessError } from '../../errors';
import { assertNotTooFrequent } from '../../security/money-limiter';
import { assertMayDecideAbout } from '../admin/own-account';
import { requireRejectReason } from '../admin/reject-reason';
import { recordAudit } from '../audit/audit-service';
import { directApprovalNeedsSecond, FourEyesRequired } from '../four-eyes/approval-limits';
import { notify, type InboxNotice } from '../inbox/inbox-service';
import type { NoticeMailer } from '../mail/notice-mail';
import { findUserById } from '../users/users-repository';
import { getHouseAccountId, lockUserAccounts, placeHold, postHold, voidHold } from '../ledger/ledger-repository';
import { moneyTx, runIdempotent } from '../ledger/money-tx';
import { computeCreditScore, CREDIT_WITHDRAW_THRESHOLD } from '../loans/credit-score';
import { outstandingDebt, readCreditRecord } from '../loans/loans-repository';
import type { InputOf } from '../../contract-input';
import { getCard, maskCardNumber } from '../bank-cards/bank-cards';
import type { FundPasswordGuard } from '../passwords/fund-password-guard';
import { assertCanMoveMoney, readMoneyUser } from '../common/user-checks';
import { readPasswordHashes } from '../passwords/passwords-repository';
import type { MessageKey } from 'shared/messages';
import { withdrawWindowState } from './business-hours';
import { formatAmount, iso, userAmount, wire } from '../wire/wire';
import { REVIEW_STATUS } from '../common/review-status';
import { readFundsSettings } from './funds-settings';
import { ADMIN_PAGE_SIZE, type MoneyContext } from '../common/money-context';
import { newOrderNo } from '../common/order-no';
import {
  countOpenPositions,
  countUnderReview,
  insertWithdrawal,
  listWithdrawalsForReview,
  pendingWithdrawal,
  resolveWithdrawal,
  withdrawalOwner,
} from './withdrawals-repository';

export type WithdrawInput = InputOf<'withdraw'>;

/** A reason a withdrawal would be refused now, as the refusal itself names it. */
export interface WithdrawBlocker {
  key: MessageKey;
  values: Record<string, string>;
}

/**
 * The state rules of spec §6, every one that applies, in their order: positions, pending limit orders
 * (orders_pending {count}: cancel them), unpaid loans, orders under review, credit score.
 */
async function withdrawStateBlockers(tx: Tx, userId: bigint, now: Date): Promise<WithdrawBlocker[]> {
  const found: WithdrawBlocker[] = [];
  const open = await countOpenPositions(tx, userId);
  if (open.positions > 0) found.push({ key: 'positions_open', values: {} });
  // Only pending limit orders: the way out is cancelling them, not closing a position.
  if (open.pendingOrders > 0) found.push({ key: 'orders_pending', values: { count: String(open.pendingOrders) } });
  const debt = await outstandingDebt(tx, userId);
  if (debt.length > 0)
    found.push({
      key: 'loan_unpaid',
      values: { amount: debt.map((d) => formatAmount(d.amount, d.currency)).join(' + ') },
    });
  if ((await countUnderReview(tx, userId)) > 0) found.push({ key: 'order_under_review', values: {} });
  const credit = computeCreditScore(await readCreditRecord(tx, userId), now);
  if (credit.score < CREDIT_WITHDRAW_THRESHOLD)
    found.push({
      key: 'credit_score_low',
      values: { score: String(credit.score), min: String(CREDIT_WITHDRAW_THRESHOLD) },
    });
  return found;
}

/**
 * The state rules of spec §6, read after the user's accounts are locked (so a concurrent call of
 * the same user is already committed and seen): refuses with the first that applies.
 */
export async function assertWithdrawAllowed(tx: Tx, userId: bigint, now: Date): Promise<void> {
  const [first] = await withdrawStateBlockers(tx, userId, now);
  if (first) throw new BusinessError(first.key, { values: first.values });
}

/**
 * Every reason the user's withdrawal would be refused now, whatever the amount (issue 35: all of them before the
 * password, not one after it), read with the withdrawal's own rules in its order: the account and identity
 * (assertCanMoveMoney's refusal), the bound card, the fund password set, the hours, then the state rules. The
 * amount's rules (minimum, balance) and a wrong password are the form's.
 */
export async function withdrawBlockers(
  tx: Tx,
  userId: bigint,
  now: Date,
  window: ReturnType<typeof withdrawWindowState>,
): Promise<WithdrawBlocker[]> {
  const found: WithdrawBlocker[] = [];
  try {
    await assertCanMoveMoney(tx, userId);
  } catch (error) {
    if (!(error instanceof BusinessError)) throw error;
    found.push({ key: error.key, values: error.extra.values ?? {} });
  }
  const user = await readMoneyUser(tx, userId);
  if (user && user.cards === 0) found.push({ key: 'bank_card_required', values: {} });
  if (!(await readPasswordHashes(tx, userId))?.fundPasswordHash)
    found.push({ key: 'fund_password_not_set', values: {} });
  if (!window.open) found.push({ key: 'withdraw_closed_hours', values: { opens: window.nextOpen ?? '-' } });
  return [...found, ...(await withdrawStateBlockers(tx, userId, now))];
}

export function createWithdrawService({
  db,
  now,
  fundPasswords,
  notices,
}: MoneyContext & { fundPasswords: FundPasswordGuard; notices?: NoticeMailer }) {
  /** The owner's e-mail of a withdrawal's step (docs/decisions/0031): after the commit, never in the money tx. */
  async function mailNotice(userId: bigint, notice: InboxNotice): Promise<void> {
    if (!notices) return;
    // The withdrawal stands whatever happens here: a failed look-up only loses the mail (the inbox has it).
    const user = await db.tx((tx) => findUserById(tx, userId), { readOnly: true }).catch(() => undefined);
    notices.send(user?.email, notice);
  }
  return {
    /** The rules, and for `userId` every reason a withdrawal would be refused now (withdrawBlockers). */
    async rules(userId: bigint) {
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
            blocking: await withdrawBlockers(tx, userId, now(), state),
          };
        },
        { readOnly: true },
      );
    },

    /** `confirmedByPasskey`: the caller verified a passkey assertion bound to this withdrawal (no fund password). */
    async withdraw(
      userId: bigint,
      input: WithdrawInput,
      key: string | undefined,
      proof: { confirmedByPasskey?: boolean } = {},
    ) {
      const amount = userAmount(input.amount, input.currency);
      const fundPassword = await fundPasswords.claim(db, userId);
      const answer = await runIdempotent(
        db,
        // The fund password is not part of "the same request": secrets are never stored, even hashed.
        {
          userId,
          key,
          endpoint: 'withdraw',
          payload: { amount: amount.toFixed(), currency: input.currency, card_id: input.card_id },
          limit: () => assertNotTooFrequent(userId, 'withdraw'),
          settle: fundPassword.settle,
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
          if (!proof.confirmedByPasskey) await fundPassword.verify(tx, input.fund_password);
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
            const id = await insertWithdrawal(tx, {
              userId,
              orderNo,
              currency: input.currency,
              money: amount.toFixed(),
              holderName: card.holderName,
              bankName: card.bankName,
              cardNumberMasked: maskCardNumber(card.cardNumber),
              holdId,
              cardId: card.id,
              createdAt: now(),
            });
            return { msg: 'withdraw_success' as const, data: { id: Number(id), order_no: orderNo } };
          } catch (error) {
            if (pgErrorCode(error) === PG_UNIQUE_VIOLATION && pgConstraint(error) === 'withdrawals_one_pending')
              throw new BusinessError('order_under_review');
            throw error;
          }
        },
      );
      await mailNotice(userId, {
        key: 'withdrawal_submitted',
        values: { amount: formatAmount(amount.toFixed(), input.currency) },
      });
      return answer;
    },

    async adminList({ status, page }: InputOf<'adminWithdrawals'>) {
      return db.tx(
        async (tx) => {
          const code = status === 'all' ? null : REVIEW_STATUS.indexOf(status);
          const { rows, total } = await listWithdrawalsForReview(tx, code, {
            size: ADMIN_PAGE_SIZE,
            offset: (page - 1) * ADMIN_PAGE_SIZE,
          });
          return {
            list: rows.map((row) => ({
              id: Number(row.id),
              order_no: row.orderNo,
              account: row.account,
              currency: row.currency,
              amount: wire(row.money),
              holder_name: row.holderName,
              bank_name: row.bankName,
              card_number: row.cardNumberMasked,
              status: REVIEW_STATUS[row.status]!,
              reject_reason: row.rejectReason,
              created_at: iso(row.createdAt)!,
              reviewed_at: iso(row.reviewedAt),
            })),
            total,
          };
        },
        { readOnly: true },
      );
    },

    /**
     * Exactly one reviewer wins; approval posts the hold (user → bank), rejection voids it. Nobody reviews their
     * own withdrawal (review_own_account). A direct approval (no `fourEyesId`) above the four-eyes amount, or over
     * the operator's daily total, throws FourEyesRequired (rolled back, nothing moved): the API layer submits it to
     * a second administrator, whose approval runs this again with `fourEyesId`.
     */
    async review(actorId: bigint, input: InputOf<'adminWithdrawalReview'>, via: { fourEyesId?: bigint } = {}) {
      let told: { userId: bigint; notice: InboxNotice } | undefined;
      const answer = await moneyTx(db, async (tx) => {
        const userId = await withdrawalOwner(tx, input.id);
        if (userId === undefined) throw new BusinessError('not_found');
        await assertMayDecideAbout(tx, actorId, userId);
        await lockUserAccounts(tx, userId);
        const approve = input.action === 'approve';
        const pending = approve && via.fourEyesId === undefined ? await pendingWithdrawal(tx, input.id) : undefined;
        if (pending) {
          // Read before this approval is written (it must not count itself), under the operator's lock.
          const why = await directApprovalNeedsSecond(tx, {
            kind: 'withdrawal',
            operatorId: actorId,
            currency: pending.currency,
            amount: pending.money,
            now: now(),
          });
          if (why) throw new FourEyesRequired(userId, why);
        }
        const row = await resolveWithdrawal(tx, input.id, {
          status: approve ? 1 : 2,
          reviewedAt: now(),
          reviewedBy: actorId,
          rejectReason: approve ? null : input.reason || null,
          fourEyesRequestId: approve ? (via.fourEyesId ?? null) : null,
        });
        if (!row) throw new BusinessError('review_already_done');
        requireRejectReason(input.action, input.reason);
        const holdId = row.holdId!;
        const resolved = approve
          ? await postHold(tx, holdId, {
              accountId: await getHouseAccountId(tx, 'bank', row.currency),
              kind: 'withdrawal',
              reference: row.orderNo,
              at: now(),
            })
          : await voidHold(tx, holdId, now());
        // The hold resolves with the row or the whole review rolls back: never one without the other.
        if (!resolved) throw new Error(`withdrawal ${row.orderNo}: hold ${holdId} was already resolved`);
        const amount = formatAmount(row.money, row.currency);
        const notice: InboxNotice = approve
          ? { key: 'withdrawal_approved', values: { amount } }
          : { key: 'withdrawal_rejected', values: { amount, reason: input.reason || '-' } };
        await notify(tx, userId, notice, now());
        told = { userId, notice };
        await recordAudit(tx, {
          actorId,
          action: `withdrawal.${input.action}`,
          target: `withdrawal:${row.orderNo}`,
          detail: {
            user_id: String(userId),
            amount: wire(row.money),
            currency: row.currency,
            reason: input.reason,
            four_eyes_id: via.fourEyesId?.toString() ?? null,
          },
          before: { status: 'pending', hold: 'pending' },
          after: { status: approve ? 'approved' : 'rejected', hold: approve ? 'posted' : 'voided' },
        });
        return { msg: 'review_done' as const, data: {} };
      });
      if (told) await mailNotice(told.userId, told.notice);
      return answer;
    },
  };
}

export type WithdrawService = ReturnType<typeof createWithdrawService>;
