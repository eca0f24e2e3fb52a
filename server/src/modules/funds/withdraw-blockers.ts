/**
 * The rules that refuse a withdrawal (withdraw-service.ts, spec §6): the account, identity, card, fund password
 * and hours, then the state rules (positions, pending limit orders, unpaid loans, orders under review, credit
 * score), each refusal naming its rule and the way out.
 */
import type { MessageKey } from 'shared/messages';
import type { Tx } from '../../db/database';
import { BusinessError } from '../../errors';
import { assertCanMoveMoney, readMoneyUser } from '../common/user-checks';
import { computeCreditScore, CREDIT_WITHDRAW_THRESHOLD } from '../loans/credit-score';
import { outstandingDebt, readCreditRecord } from '../loans/loans-repository';
import { readPasswordHashes } from '../passwords/passwords-repository';
import { formatAmount } from '../wire/wire';
import type { withdrawWindowState } from './business-hours';
import { countOpenPositions, countUnderReview } from './withdrawals-repository';

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
