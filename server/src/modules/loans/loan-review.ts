/**
 * The back office's side of credit loans (loans-service.ts): the list with each applicant's score and limit, and
 * the review (approval posts the principal house loans → user and sets the due date; rejection names its reason).
 */
import { Decimal, type Currency } from 'shared/money';
import type { InputOf } from '../../contract-input';
import type { Tx } from '../../db/database';
import { BusinessError } from '../../errors';
import { assertMayDecideAbout } from '../admin/own-account';
import { requireRejectReason } from '../admin/reject-reason';
import { recordAudit } from '../audit/audit-service';
import { ADMIN_PAGE_SIZE, type MoneyContext } from '../common/money-context';
import { REVIEW_STATUS } from '../common/review-status';
import { notify } from '../inbox/inbox-service';
import { getHouseAccountId, lockUserAccounts, postTransaction, type LockedAccount } from '../ledger/ledger-repository';
import { moneyTx } from '../ledger/money-tx';
import { formatAmount, iso, wire } from '../wire/wire';
import { creditOf, loanItem } from './loan-credit';
import { listLoansForReview, loanOwner, lockLoan, resolveLoan, type LoanRow } from './loans-repository';

type ReviewInput = InputOf<'adminLoanReview'>;
type UserAccounts = Map<Currency, LockedAccount>;

/** The back office's list of loans of a status, one page, each with the applicant's score, limit and available. */
export async function adminLoans({ db, now }: MoneyContext, { status, page }: InputOf<'adminLoans'>) {
  return db.tx(
    async (tx) => {
      const code = status === 'all' ? null : REVIEW_STATUS.indexOf(status);
      const { rows, total } = await listLoansForReview(tx, code, {
        size: ADMIN_PAGE_SIZE,
        offset: (page - 1) * ADMIN_PAGE_SIZE,
      });
      const list = [];
      for (const row of rows) {
        // The reviewer sees the same score and limit the user sees, from the same formula.
        const { credit, available } = await creditOf(tx, row.userId, now);
        list.push({
          ...loanItem(row, now),
          account: row.account,
          score: credit.score,
          limit: credit.limit.toFixed(),
          available: available.toFixed(),
          reject_reason: row.rejectReason,
        });
      }
      return { list, total };
    },
    { readOnly: true },
  );
}

/**
 * The limit checked again at approval: the score may have fallen since the application (a loan gone overdue), and
 * no reviewer can lend beyond the published formula.
 */
async function assertRoomAtApproval(
  tx: Tx,
  id: number,
  { userId, currency }: { userId: bigint; currency: Currency },
  now: () => Date,
): Promise<void> {
  const pending = await lockLoan(tx, id);
  if (pending?.status === 0) {
    // this application is the user's only pending one (loans_one_pending): the room is
    // limit − outstanding
    const { credit, borrowed } = await creditOf(tx, userId, now);
    const room = Decimal.max(0, credit.limit.minus(borrowed));
    if (new Decimal(pending.amount).gt(room))
      throw new BusinessError('borrow_limit_insufficient', {
        values: { max: formatAmount(room, currency) },
      });
  }
}

/** An approval posts the principal (house loans → user) and tells the due date; a rejection tells its reason. */
async function payOutAndNotify(
  tx: Tx,
  {
    userId,
    accounts,
    approve,
    input,
  }: { userId: bigint; accounts: UserAccounts; approve: boolean; input: ReviewInput },
  row: LoanRow,
  now: () => Date,
): Promise<void> {
  const amount = formatAmount(row.amount, row.currency);
  if (approve) {
    const house = await getHouseAccountId(tx, 'loans', row.currency);
    await postTransaction(tx, {
      at: now(),
      kind: 'loan',
      reference: row.orderNo,
      entries: [
        { accountId: house, currency: row.currency, amount: new Decimal(row.amount).negated().toFixed() },
        { accountId: accounts.get(row.currency)!.id, currency: row.currency, amount: wire(row.amount) },
      ],
    });
    await notify(tx, userId, { key: 'loan_approved', values: { amount, due: iso(row.dueAt)!.slice(0, 10) } }, now());
  } else {
    await notify(tx, userId, { key: 'loan_rejected', values: { amount, reason: input.reason || '-' } }, now());
  }
}

/**
 * Exactly one reviewer wins; approval posts the principal (house loans → user) and sets the due
 * date. The limit is checked again at approval: the score may have fallen since the
 * application (a loan gone overdue), and no reviewer can lend beyond the published formula.
 */
export async function reviewLoan({ db, now }: MoneyContext, actorId: bigint, input: ReviewInput) {
  return moneyTx(db, async (tx) => {
    const owner = await loanOwner(tx, input.id);
    if (!owner) throw new BusinessError('not_found');
    const userId = owner.userId;
    await assertMayDecideAbout(tx, actorId, userId);
    const accounts = await lockUserAccounts(tx, userId, [owner.currency]);
    const approve = input.action === 'approve';
    if (approve) await assertRoomAtApproval(tx, input.id, { userId, currency: owner.currency }, now);
    const row = await resolveLoan(tx, input.id, {
      approve,
      at: now(),
      reviewedBy: actorId,
      rejectReason: input.reason || null,
    });
    if (!row) throw new BusinessError('review_already_done');
    requireRejectReason(input.action, input.reason);
    await payOutAndNotify(tx, { userId, accounts, approve, input }, row, now);
    await recordAudit(tx, {
      actorId,
      action: `loan.${input.action}`,
      target: `loan:${row.orderNo}`,
      detail: {
        user_id: String(userId),
        amount: wire(row.amount),
        currency: row.currency,
        term_days: row.termDays,
        annual_rate_pct: wire(row.annualRatePct),
        reason: input.reason,
      },
      before: { status: 'pending' },
      after: { status: approve ? 'approved' : 'rejected' },
    });
    return { msg: 'review_done' as const, data: {} };
  });
}
