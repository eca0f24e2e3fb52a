/** The back office's review lists of block trades: the listings and the applications, a page of ADMIN_PAGE_SIZE. */
import type { InputOf } from '../../contract-input';
import { ADMIN_PAGE_SIZE } from '../common/money-context';
import { iso, wire } from '../wire/wire';
import { listApplications, listListings } from './block-repository';
import { APPLICATION_STATES, closedReason, listingOf } from './block-wire';
import type { BlockAdminContext } from './block-context';

/** The listings of one state with what was taken and why and when each closed. */
export async function adminListings(
  { db, now, prices }: Pick<BlockAdminContext, 'db' | 'now' | 'prices'>,
  input: InputOf<'adminBlockListings'>,
) {
  return db.tx(
    async (tx) => {
      const { rows, total } = await listListings(
        tx,
        { state: input.state, now: now() },
        { size: ADMIN_PAGE_SIZE, offset: (input.page - 1) * ADMIN_PAGE_SIZE },
      );
      return {
        list: rows.map((row) => ({
          ...listingOf(row, prices, 'en', now(), null),
          lots_taken: row.lotsTaken,
          closed_reason: closedReason(row, now()),
          closed_at: iso(row.closedAt),
          created_at: iso(row.createdAt),
        })),
        total,
      };
    },
    { readOnly: true },
  );
}

/** The applications of one state (or all), of one listing or all; pending ones oldest first. */
export async function adminApplications(
  { db }: Pick<BlockAdminContext, 'db'>,
  input: InputOf<'adminBlockApplications'>,
) {
  return db.tx(
    async (tx) => {
      const status = input.status === 'all' ? undefined : APPLICATION_STATES.indexOf(input.status);
      const { rows, total } = await listApplications(
        tx,
        { status, listingId: input.listing_id },
        { size: ADMIN_PAGE_SIZE, offset: (input.page - 1) * ADMIN_PAGE_SIZE, oldestFirst: status === 0 },
      );
      return {
        list: rows.map((row) => ({
          id: Number(row.id),
          order_no: row.orderNo,
          account: row.account,
          listing_id: Number(row.listingId),
          code: row.code,
          market: row.market,
          variant: row.variant,
          lots: row.lots,
          shares: wire(row.shares),
          block_price: wire(row.blockPrice),
          amount: wire(row.amount),
          held: wire(row.held),
          currency: row.currency,
          status: APPLICATION_STATES[row.status],
          reason: row.rejectReason,
          created_at: iso(row.createdAt),
          reviewed_at: iso(row.reviewedAt),
        })),
        total,
      };
    },
    { readOnly: true },
  );
}
