/**
 * Deposits (spec §3, §5, §9): the user transfers money to a channel of site config and uploads the
 * proof; the deposit is pending review; an operator approves it (the ledger credits the user from
 * the house `bank` account, in the same transaction) or rejects it; an inbox message either way.
 * One pending deposit per user (deposit_pending; also a partial unique index).
 */
import { createHash } from 'node:crypto';
import { PG_UNIQUE_VIOLATION, pgConstraint, pgErrorCode } from '../../db/errors';
import { BusinessError } from '../../errors';
import { assertMayDecideAbout } from '../admin/own-account';
import { requireRejectReason } from '../admin/reject-reason';
import { recordAudit } from '../audit/audit-service';
import { directApprovalNeedsSecond, FourEyesRequired } from '../four-eyes/approval-limits';
import { notify } from '../inbox/inbox-service';
import { getHouseAccountId, lockUserAccounts, postTransaction } from '../ledger/ledger-repository';
import { moneyTx, runIdempotent } from '../ledger/money-tx';
import type { UploadStore } from '../uploads/upload-store';
import { saveUpload } from '../uploads/uploads-service';
import { assertCanMoveMoney, readMoneyUser, realnameRefusal } from '../common/user-checks';
import { assertNotTooFrequent } from '../../security/money-limiter';
import { toI18nLang } from '../wire/lang';
import type { InputOf } from '../../contract-input';
import { formatAmount, iso, userAmount, wire } from '../wire/wire';
import {
  depositOwner,
  hasPendingDeposit,
  insertDeposit,
  listDepositsForReview,
  listUserDeposits,
  lockPendingDeposit,
  resolveDeposit,
  type Deposit,
} from './deposits-repository';
import { depositDayState } from './deposit-days';
import { REVIEW_STATUS } from '../common/review-status';
import { localizeChannel, readFundsSettings } from './funds-settings';
import { ADMIN_PAGE_SIZE, type MoneyContext } from '../common/money-context';
import { newOrderNo } from '../common/order-no';

export type DepositInput = InputOf<'deposit'>;

const toItem = (row: Deposit) => ({
  id: Number(row.id),
  order_no: row.orderNo,
  currency: row.currency,
  amount: wire(row.amount),
  status: REVIEW_STATUS[row.status]!,
  reject_reason: row.rejectReason,
  created_at: iso(row.createdAt)!,
  reviewed_at: iso(row.reviewedAt),
  proof_id: row.proofUploadId,
});

/** `uploads` keeps the proofs (the app's upload store, plugins/uploads.ts). */
export function createDepositService({ db, now, uploads }: MoneyContext & { uploads: UploadStore }) {
  return {
    /** The receiving accounts in the reader's language (session code or i18n code; zh-CN by default). */
    /**
     * The receiving accounts, the maximum and the hours. The accounts only to a user whose identity is verified
     * (issue 35): for anyone else `channels` is empty and `verify_first` names the refusal a deposit would get
     * (realname_required, realname_failed), so the screen says "verify first" before any amount or proof.
     */
    async channels(userId: bigint, lang?: string) {
      const language = toI18nLang(lang);
      return db.tx(
        async (tx) => {
          const settings = await readFundsSettings(tx);
          const day = depositDayState(now(), settings.window.holidays);
          const user = await readMoneyUser(tx, userId);
          const verified = user?.realnameStatus === 'verified';
          return {
            channels: verified ? settings.channels.map((c) => localizeChannel(c, language)) : [],
            verify_first: verified ? null : realnameRefusal(user?.realnameStatus).key,
            max: settings.depositMax.toFixed(),
            hours: settings.depositHours,
            business_day: day.open,
            next_business_day: day.next,
          };
        },
        { readOnly: true },
      );
    },

    async submit(userId: bigint, input: DepositInput, proof: Buffer | undefined, key: string | undefined) {
      if (!proof || proof.length === 0) throw new BusinessError('proof_required', { field: 'proof' });
      const amount = userAmount(input.amount, input.currency);
      const proofHash = createHash('sha256').update(proof).digest('hex');
      return runIdempotent(
        db,
        {
          userId,
          key,
          endpoint: 'deposit',
          payload: {
            amount: amount.toFixed(),
            currency: input.currency,
            channel_id: input.channel_id,
            proof: proofHash,
          },
          limit: () => assertNotTooFrequent(userId, 'deposit'),
        },
        async (tx) => {
          const settings = await readFundsSettings(tx);
          // Spec §9: business days only (Japan time); the refusal names the next one.
          const day = depositDayState(now(), settings.window.holidays);
          if (!day.open) throw new BusinessError('deposit_closed_day', { values: { next: day.next } });
          const channel = settings.channels.find((c) => c.id === input.channel_id && c.currency === input.currency);
          if (!channel)
            throw new BusinessError('field_invalid', { field: 'channel_id', values: { field: 'channel_id' } });
          if (amount.gt(settings.depositMax)) {
            throw new BusinessError('deposit_max', {
              field: 'amount',
              values: { max: formatAmount(settings.depositMax, input.currency) },
            });
          }
          await assertCanMoveMoney(tx, userId, { needCard: true });
          await lockUserAccounts(tx, userId, [input.currency]);
          if (await hasPendingDeposit(tx, userId)) throw new BusinessError('deposit_pending');
          const upload = await saveUpload(uploads, tx, { userId, kind: 'deposit_proof', data: proof });
          const orderNo = newOrderNo('D', now());
          try {
            const id = await insertDeposit(tx, {
              userId,
              orderNo,
              currency: input.currency,
              amount: amount.toFixed(),
              channelId: channel.id,
              proofUploadId: upload.id,
              createdAt: now(),
            });
            return { msg: 'recharge_success' as const, data: { id: Number(id), order_no: orderNo } };
          } catch (error) {
            if (pgErrorCode(error) === PG_UNIQUE_VIOLATION && pgConstraint(error) === 'deposits_one_pending')
              throw new BusinessError('deposit_pending');
            throw error;
          }
        },
      );
    },

    async list(userId: bigint) {
      return db.tx(async (tx) => (await listUserDeposits(tx, userId)).map(toItem), { readOnly: true });
    },

    async adminList({ status, page }: InputOf<'adminDeposits'>) {
      return db.tx(
        async (tx) => {
          const code = status === 'all' ? null : REVIEW_STATUS.indexOf(status);
          const { rows, total } = await listDepositsForReview(tx, code, {
            size: ADMIN_PAGE_SIZE,
            offset: (page - 1) * ADMIN_PAGE_SIZE,
          });
          return {
            list: rows.map((row) => ({
              ...toItem(row),
              account: row.account,
              channel_id: row.channelId,
            })),
            total,
          };
        },
        { readOnly: true },
      );
    },

    /**
     * Exactly one reviewer wins: the pending row is taken with SELECT … FOR UPDATE (a second
     * reviewer waits, then finds it no longer pending) and changed with UPDATE … WHERE status = 0.
     * Approval credits the user from the house bank account in the same transaction.
     *
     * Nobody reviews their own deposit (review_own_account). A direct approval (no `fourEyesId`) above the
     * four-eyes amount, or over the operator's daily total, throws FourEyesRequired (rolled back, nothing moved):
     * the API layer submits it to a second administrator, whose approval runs this again with `fourEyesId`.
     */
    async review(actorId: bigint, input: InputOf<'adminDepositReview'>, via: { fourEyesId?: bigint } = {}) {
      return moneyTx(db, async (tx) => {
        const userId = await depositOwner(tx, input.id);
        if (userId === undefined) throw new BusinessError('not_found');
        await assertMayDecideAbout(tx, actorId, userId);
        // The user's accounts first, as every money call does (one lock order, no deadlock).
        await lockUserAccounts(tx, userId);
        const pending = await lockPendingDeposit(tx, input.id);
        if (!pending) throw new BusinessError('review_already_done');
        requireRejectReason(input.action, input.reason);
        const approve = input.action === 'approve';
        if (approve && via.fourEyesId === undefined) {
          const why = await directApprovalNeedsSecond(tx, {
            kind: 'deposit',
            operatorId: actorId,
            currency: pending.currency,
            amount: pending.amount,
            now: now(),
          });
          if (why) throw new FourEyesRequired(userId, why);
        }
        let journalId: bigint | null = null;
        if (approve) {
          const accounts = await lockUserAccounts(tx, userId, [pending.currency]);
          const bank = await getHouseAccountId(tx, 'bank', pending.currency);
          const amount = wire(pending.amount);
          journalId = await postTransaction(tx, {
            at: now(),
            kind: 'deposit',
            reference: pending.orderNo,
            entries: [
              { accountId: bank, currency: pending.currency, amount: `-${amount}` },
              { accountId: accounts.get(pending.currency)!.id, currency: pending.currency, amount },
            ],
          });
        }
        const row = await resolveDeposit(tx, input.id, {
          status: approve ? 1 : 2,
          reviewedAt: now(),
          reviewedBy: actorId,
          rejectReason: approve ? null : input.reason || null,
          journalTransactionId: journalId,
          fourEyesRequestId: via.fourEyesId ?? null,
        });
        if (!row) throw new BusinessError('review_already_done');
        const amount = formatAmount(row.amount, row.currency);
        await notify(
          tx,
          userId,
          approve
            ? { key: 'deposit_approved', values: { amount } }
            : { key: 'deposit_rejected', values: { amount, reason: input.reason || '-' } },
          now(),
        );
        await recordAudit(tx, {
          actorId,
          action: `deposit.${input.action}`,
          target: `deposit:${row.orderNo}`,
          detail: {
            user_id: String(userId),
            amount: wire(row.amount),
            currency: row.currency,
            reason: input.reason,
            four_eyes_id: via.fourEyesId?.toString() ?? null,
          },
          before: { status: 'pending' },
          after: { status: approve ? 'approved' : 'rejected', journal_transaction_id: journalId?.toString() ?? null },
        });
        return { msg: 'review_done' as const, data: {} };
      });
    },
  };
}

export type DepositService = ReturnType<typeof createDepositService>;
