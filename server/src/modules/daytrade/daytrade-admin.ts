/**
 * The back office's day-trading calls: the applications by status (raw rows with their computed
 * allowance, used and P&L) and the review of a submitted one: approve → applied for its trade date
 * (the participation stays held; inbox); reject → failed, participation released, reason in the inbox.
 * Every review is audited. No field here can set a P&L, a price or a balance.
 */
import type { InputOf } from '../../contract-input';
import type { Database } from '../../db/database';
import { BusinessError } from '../../errors';
import { assertMayDecideAbout } from '../admin/own-account';
import { requireRejectReason } from '../admin/reject-reason';
import { recordAudit } from '../audit/audit-service';
import { ADMIN_PAGE_SIZE } from '../common/money-context';
import { notify } from '../inbox/inbox-service';
import { lockUserAccounts, voidHold } from '../ledger/ledger-repository';
import { moneyTx } from '../ledger/money-tx';
import { formatAmount } from '../wire/wire';
import { dayTradeById, listDayTrades, setReviewed } from './daytrade-repository';
import type { DayTradeService } from './daytrade-service';
import { dayTradeToWire } from './daytrade-view';

export interface DayTradeAdminContext {
  db: Database;
  now: () => Date;
  service: Pick<DayTradeService, 'wireMany'>;
}

export function createDayTradeAdmin({ db, now, service }: DayTradeAdminContext) {
  return {
    async list(input: InputOf<'adminDayTrades'>) {
      return db.tx(
        async (tx) => {
          const { rows, total } = await listDayTrades(tx, {
            status: input.status === 'all' ? undefined : input.status,
            limit: ADMIN_PAGE_SIZE,
            offset: (input.page - 1) * ADMIN_PAGE_SIZE,
          });
          const wired = await service.wireMany(tx, rows, 'en');
          const list = rows.map((row, i) => ({ ...wired[i]!.wire, user_id: String(row.userId) }));
          return { list, total };
        },
        { readOnly: true },
      );
    },

    async review(actorId: bigint, input: InputOf<'adminDayTradeReview'>) {
      return moneyTx(db, async (tx) => {
        const at = now();
        const id = BigInt(input.id);
        const existing = await dayTradeById(tx, id);
        if (!existing) throw new BusinessError('not_found');
        await assertMayDecideAbout(tx, actorId, existing.userId);
        // Lock order as an application's: the user's accounts, then the row (setReviewed is conditional).
        await lockUserAccounts(tx, existing.userId, [existing.currency]);
        const approve = input.action === 'approve';
        const row = await setReviewed(tx, id, { approve, note: input.reason, by: actorId, at });
        if (!row) throw new BusinessError('review_already_done');
        requireRejectReason(input.action, input.reason);
        const values = {
          order_no: row.orderNo,
          date: row.tradeDate,
          amount: formatAmount(row.participation, row.currency),
        };
        if (approve) {
          await notify(
            tx,
            row.userId,
            {
              key: 'day_trade_approved',
              values: { ...values, allowance: formatAmount(dayTradeToWire(row).allowance, row.currency) },
            },
            at,
          );
        } else {
          if (existing.holdId !== null && !(await voidHold(tx, existing.holdId, at)))
            throw new Error(`day trade ${row.orderNo}: hold ${existing.holdId} was already resolved`);
          await notify(
            tx,
            row.userId,
            { key: 'day_trade_rejected', values: { ...values, reason: input.reason || '-' } },
            at,
          );
        }
        await recordAudit(tx, {
          actorId,
          action: `day_trade.${input.action}`,
          target: `day_trade:${input.id}`,
          detail: { reason: input.reason },
          before: { status: 'pending' },
          after: { status: input.action === 'approve' ? 'approved' : 'rejected' },
        });
        return { msg: 'review_done' as const, data: dayTradeToWire(row) };
      });
    },
  };
}

export type DayTradeAdmin = ReturnType<typeof createDayTradeAdmin>;
