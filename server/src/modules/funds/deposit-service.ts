/**
 * Deposits (spec §3, §5, §9): the user transfers money to a channel of site config and uploads the
 * proof; the deposit is pending review; an operator approves it (the ledger credits the user from
 * the house `bank` account, in the same transaction) or rejects it; an inbox message either way.
 * One pending deposit per user (deposit_pending; also a partial unique index).
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Currency } from 'shared/money';
import { PG_UNIQUE_VIOLATION, pgConstraint, pgErrorCode } from '../../db/errors';
import { queryRows } from '../../db/query';
import { BusinessError } from '../../errors';
import { recordAudit } from '../audit/audit-service';
import { notify } from '../inbox/inbox-service';
import { getHouseAccountId, lockUserAccounts, postTransaction } from '../ledger/ledger-repository';
import { moneyTx, runIdempotent } from '../ledger/money-tx';
import { saveUpload } from '../uploads/uploads-service';
import { assertCanMoveMoney } from '../users/user-checks';
import { assertNotTooFrequent } from '../../security/money-limiter';
import { toI18nLang } from '../profile/lang';
import {
  formatAmount,
  iso,
  localizeChannel,
  readFundsSettings,
  REVIEW_STATUS,
  userAmount,
  wire,
} from './funds-settings';
import { ADMIN_PAGE_SIZE, type MoneyContext } from './money-context';
import { newOrderNo } from './order-no';

export interface DepositInput {
  amount: string;
  currency: Currency;
  channel_id: string;
}

interface DepositRow {
  id: bigint;
  user_id: bigint;
  order_no: string;
  currency: Currency;
  amount: string;
  channel_id: string;
  proof_upload_id: string;
  status: number;
  reject_reason: string | null;
  created_at: Date;
  reviewed_at: Date | null;
  account?: string;
}

const toItem = (row: DepositRow) => ({
  id: Number(row.id),
  order_no: row.order_no,
  currency: row.currency,
  amount: wire(row.amount),
  status: REVIEW_STATUS[row.status]!,
  reject_reason: row.reject_reason,
  created_at: iso(row.created_at)!,
  reviewed_at: iso(row.reviewed_at),
});

export function createDepositService({ db, now }: MoneyContext) {
  return {
    /** The receiving accounts in the reader's language (session code or i18n code; zh-CN by default). */
    async channels(lang?: string) {
      const language = toI18nLang(lang);
      return db.tx(
        async (tx) => {
          const settings = await readFundsSettings(tx);
          return {
            channels: settings.channels.map((c) => localizeChannel(c, language)),
            max: settings.depositMax.toFixed(),
            hours: settings.depositHours,
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
          const pending = await queryRows<{ id: bigint }>(
            tx,
            sql`SELECT id FROM deposits WHERE user_id = ${userId} AND status = 0 LIMIT 1`,
          );
          if (pending.length) throw new BusinessError('deposit_pending');
          const upload = await saveUpload(tx, { userId, kind: 'deposit_proof', data: proof });
          const orderNo = newOrderNo('D', now());
          try {
            const [row] = await queryRows<{ id: bigint }>(
              tx,
              sql`INSERT INTO deposits (user_id, order_no, currency, amount, channel_id, proof_upload_id, created_at)
                  VALUES (${userId}, ${orderNo}, ${input.currency}, ${amount.toFixed()}, ${channel.id}, ${upload.id}, ${now().toISOString()})
                  RETURNING id`,
            );
            return { msg: 'recharge_success' as const, data: { id: Number(row!.id), order_no: orderNo } };
          } catch (error) {
            if (pgErrorCode(error) === PG_UNIQUE_VIOLATION && pgConstraint(error) === 'deposits_one_pending')
              throw new BusinessError('deposit_pending');
            throw error;
          }
        },
      );
    },

    async list(userId: bigint) {
      return db.tx(
        async (tx) => {
          const rows = await queryRows<DepositRow>(
            tx,
            sql`SELECT * FROM deposits WHERE user_id = ${userId} ORDER BY id DESC LIMIT 100`,
          );
          return rows.map(toItem);
        },
        { readOnly: true },
      );
    },

    async adminList(status: 'pending' | 'approved' | 'rejected' | 'all', page: number) {
      return db.tx(
        async (tx) => {
          const code = status === 'all' ? null : REVIEW_STATUS.indexOf(status);
          const rows = await queryRows<DepositRow>(
            tx,
            sql`SELECT d.*, u.account FROM deposits d JOIN users u ON u.id = d.user_id
              WHERE ${code}::int IS NULL OR d.status = ${code}::int
              ORDER BY d.id ${code === 0 ? sql`ASC` : sql`DESC`} LIMIT ${ADMIN_PAGE_SIZE} OFFSET ${(page - 1) * ADMIN_PAGE_SIZE}`,
          );
          const [count] = await queryRows<{ n: number }>(
            tx,
            sql`SELECT count(*)::int AS n FROM deposits WHERE ${code}::int IS NULL OR status = ${code}::int`,
          );
          return {
            list: rows.map((row) => ({
              ...toItem(row),
              account: row.account!,
              channel_id: row.channel_id,
              proof_id: row.proof_upload_id,
            })),
            total: count?.n ?? 0,
          };
        },
        { readOnly: true },
      );
    },

    /**
     * Exactly one reviewer wins: the pending row is taken with SELECT … FOR UPDATE (a second
     * reviewer waits, then finds it no longer pending) and changed with UPDATE … WHERE status = 0.
     * Approval credits the user from the house bank account in the same transaction.
     */
    async review(actorId: bigint, input: { id: number; action: 'approve' | 'reject'; reason: string }) {
      return moneyTx(db, async (tx) => {
        const owner = await queryRows<{ user_id: bigint }>(
          tx,
          sql`SELECT user_id FROM deposits WHERE id = ${input.id}`,
        );
        if (!owner[0]) throw new BusinessError('not_found');
        const userId = BigInt(owner[0].user_id);
        // The user's accounts first, as every money call does (one lock order, no deadlock).
        await lockUserAccounts(tx, userId);
        const [pending] = await queryRows<DepositRow>(
          tx,
          sql`SELECT * FROM deposits WHERE id = ${input.id} AND status = 0 FOR UPDATE`,
        );
        if (!pending) throw new BusinessError('review_already_done');
        const approve = input.action === 'approve';
        let journalId: bigint | null = null;
        if (approve) {
          const accounts = await lockUserAccounts(tx, userId, [pending.currency]);
          const bank = await getHouseAccountId(tx, 'bank', pending.currency);
          const amount = wire(pending.amount);
          journalId = await postTransaction(tx, {
            at: now(),
            kind: 'deposit',
            reference: pending.order_no,
            entries: [
              { accountId: bank, currency: pending.currency, amount: `-${amount}` },
              { accountId: accounts.get(pending.currency)!.id, currency: pending.currency, amount },
            ],
          });
        }
        const [row] = await queryRows<DepositRow>(
          tx,
          sql`UPDATE deposits SET status = ${approve ? 1 : 2}, reviewed_at = ${now().toISOString()}, reviewed_by = ${actorId},
                reject_reason = ${approve ? null : input.reason || null}, journal_transaction_id = ${journalId}
              WHERE id = ${input.id} AND status = 0 RETURNING *`,
        );
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
          target: `deposit:${row.order_no}`,
          detail: { user_id: String(userId), amount: wire(row.amount), currency: row.currency, reason: input.reason },
        });
        return { msg: 'review_done' as const, data: {} };
      });
    },
  };
}

export type DepositService = ReturnType<typeof createDepositService>;
