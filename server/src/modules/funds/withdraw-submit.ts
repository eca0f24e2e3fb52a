/**
 * The user's side of a withdrawal (withdraw-service.ts): the rules with every reason it would be refused now, and
 * the request itself, which freezes the amount (a ledger hold) while it is pending review.
 */
import type { Decimal } from 'shared/money';
import type { InputOf } from '../../contract-input';
import type { Tx } from '../../db/database';
import { refuseDuplicate } from '../../db/errors';
import { BusinessError } from '../../errors';
import { assertNotTooFrequent } from '../../security/money-limiter';
import { getCard, maskCardNumber, type BankCard } from '../bank-cards/bank-cards';
import type { MoneyContext } from '../common/money-context';
import { newOrderNo } from '../common/order-no';
import { assertCanMoveMoney } from '../common/user-checks';
import { lockUserAccounts, placeHold } from '../ledger/ledger-repository';
import { runIdempotent } from '../ledger/money-tx';
import { CREDIT_WITHDRAW_THRESHOLD } from '../loans/credit-score';
import type { NoticeMailer } from '../mail/notice-mail';
import type { FundPasswordGuard } from '../passwords/fund-password-guard';
import { formatAmount, userAmount } from '../wire/wire';
import { withdrawWindowState } from './business-hours';
import { readFundsSettings } from './funds-settings';
import { mailOwner } from '../mail/owner-mail';
import { assertWithdrawAllowed, withdrawBlockers } from './withdraw-blockers';
import { insertWithdrawal } from './withdrawals-repository';

export type WithdrawInput = InputOf<'withdraw'>;

/** What withdrawals are built with: the database, the clock, the fund password guard and the owner's mailer. */
export type WithdrawDeps = MoneyContext & { fundPasswords: FundPasswordGuard; notices?: NoticeMailer };

/** The rules, and for `userId` every reason a withdrawal would be refused now (withdrawBlockers). */
export async function withdrawRules({ db, now }: MoneyContext, userId: bigint) {
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
}

/** The amount's and the hours' rules: the currency's minimum (withdraw_min), within the withdrawal hours. */
async function assertAmountAndHours(tx: Tx, input: WithdrawInput, amount: Decimal, now: () => Date): Promise<void> {
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
}

/** The pending withdrawal to the card, its amount frozen by a hold; one pending per user (order_under_review). */
async function placeWithdrawal(
  tx: Tx,
  { userId, input, amount, now }: { userId: bigint; input: WithdrawInput; amount: Decimal; now: () => Date },
  card: BankCard,
  accountId: bigint,
) {
  const orderNo = newOrderNo('W', now());
  const holdId = await placeHold(tx, {
    accountId,
    currency: input.currency,
    amount: amount.toFixed(),
    reason: 'withdrawal',
    reference: orderNo,
    at: now(),
  });
  const id = await refuseDuplicate(
    () =>
      insertWithdrawal(tx, {
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
      }),
    'order_under_review',
    'withdrawals_one_pending',
  );
  return { msg: 'withdraw_success' as const, data: { id: Number(id), order_no: orderNo } };
}

/** `confirmedByPasskey`: the caller verified a passkey assertion bound to this withdrawal (no fund password). */
export async function submitWithdrawal(
  { db, now, fundPasswords, notices }: WithdrawDeps,
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
      await assertAmountAndHours(tx, input, amount, now);
      await assertCanMoveMoney(tx, userId, { needCard: true });
      const card = await getCard(tx, userId, input.card_id);
      if (!proof.confirmedByPasskey) await fundPassword.verify(tx, input.fund_password);
      const accounts = await lockUserAccounts(tx, userId, [input.currency]);
      await assertWithdrawAllowed(tx, userId, now());
      return placeWithdrawal(tx, { userId, input, amount, now }, card, accounts.get(input.currency)!.id);
    },
  );
  await mailOwner(db, notices, userId, {
    key: 'withdrawal_submitted',
    values: { amount: formatAmount(amount.toFixed(), input.currency) },
  });
  return answer;
}
