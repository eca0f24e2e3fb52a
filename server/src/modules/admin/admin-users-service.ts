/**
 * The back office's users pages (issue 14): search by account, and one user's detail read from the ledger
 * (balances, pending holds, recent postings), positions and orders and the inbox. Reads only: no figure here
 * is typed by an operator. Viewing a detail is an operator action: it is audited like an image view.
 */
import { Decimal } from 'shared/money';
import type { I18nLang } from 'shared/messages';
import type { Database } from '../../db/database';
import { BusinessError } from '../../errors';
import type { InputOf } from '../../contract-input';
import { recordAudit } from '../audit/audit-service';
import { listMessages } from '../inbox/inbox-service';
import { iso, wire } from '../wire/wire';
import {
  findUserForDetail,
  pendingHolds,
  recentPositions,
  recentPostings,
  searchUsers,
  userBalances,
  type UserSearchRow,
} from './admin-users-repository';

export const USERS_PAGE_SIZE = 20;
/** How many postings, positions and messages the detail shows (the newest). */
export const DETAIL_RECENT = 20;

const userRow = (r: UserSearchRow) => ({
  account: r.account,
  email: r.email,
  realname_status: r.realname_status,
  banned: r.banned,
  frozen: r.frozen,
  trade_disabled: r.trade_disabled,
  created_at: iso(r.created_at)!,
});

export function createAdminUsersService(deps: { db: Database }) {
  const { db } = deps;
  return {
    async search(input: InputOf<'adminUsers'>) {
      return db.tx(
        async (tx) => {
          const { rows, total } = await searchUsers(tx, input.q, {
            size: USERS_PAGE_SIZE,
            offset: (input.page - 1) * USERS_PAGE_SIZE,
          });
          return { list: rows.map(userRow), total };
        },
        { readOnly: true },
      );
    },

    async detail(actorId: bigint, account: string, lang: I18nLang) {
      return db.tx(async (tx) => {
        const user = await findUserForDetail(tx, account);
        if (!user) throw new BusinessError('account_not_found', { field: 'account' });
        const userId = BigInt(user.id);
        const balances = (await userBalances(tx, userId)).map((b) => ({
          currency: b.currency,
          available: wire(b.available),
          held: wire(b.held),
          total: wire(new Decimal(b.available).plus(b.held)),
        }));
        const holds = (await pendingHolds(tx, userId)).map((h) => ({
          id: Number(h.id),
          currency: h.currency,
          amount: wire(h.amount),
          reason: h.reason,
          reference: h.reference,
          created_at: iso(h.created_at)!,
        }));
        const ledger = (await recentPostings(tx, userId, DETAIL_RECENT)).map((p) => ({
          id: Number(p.id),
          currency: p.currency,
          amount: wire(p.amount),
          kind: p.kind,
          reference: p.reference,
          memo: p.memo,
          created_at: iso(p.created_at)!,
        }));
        const positions = (await recentPositions(tx, userId, DETAIL_RECENT)).map((p) => ({
          ...p,
          stock_num: wire(p.stock_num),
          buy_price: wire(p.buy_price),
          sell_price: p.sell_price === null ? null : wire(p.sell_price),
          realised_pnl: p.realised_pnl === null ? null : wire(p.realised_pnl),
          status: Number(p.status),
          created_at: iso(p.created_at)!,
        }));
        const inbox = (await listMessages(tx, userId, { page: 1, size: DETAIL_RECENT, lang })).list;
        await recordAudit(tx, { actorId, action: 'user.view', target: `user:${account}` });
        return {
          user: { ...userRow(user), realname_name: user.realname_name, restriction_reason: user.restriction_reason },
          balances,
          holds,
          ledger,
          positions,
          inbox,
        };
      });
    },
  };
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
