/**
 * New shares for the investor (docs/decisions/0016-new-share-lottery.md): the catalogue by tab, an
 * issue with the draw's verification data, the published draw, subscribe (a ledger hold of price ×
 * quantity), confirm (the hold is replaced by one of allotted × price, kept until the listing turns it
 * into the holding) and decline (released). The new-share risk disclosure (kind new_share) is
 * modules/risk-disclosure's; subscribing requires its acknowledgement.
 *
 * The reads are ipo-user-reads.ts, subscribing ipo-subscribe.ts, confirm and decline ipo-payment.ts;
 * this factory wires the use cases.
 */
import type { InputOf } from '../../contract-input';
import type { NewShareContext } from './ipo-context';
import { confirmAllotment, declineAllotment } from './ipo-payment';
import { subscribeToNewShare } from './ipo-subscribe';
import { listNewShares, newShareDraw, newShareInfo, newShareRecords } from './ipo-user-reads';

export type { NewShareContext } from './ipo-context';

export function createNewShareService(deps: NewShareContext) {
  return {
    list: (input: InputOf<'newShareList'>) => listNewShares(deps, input),

    info: (userId: bigint, input: InputOf<'newShareInfo'>) => newShareInfo(deps, userId, input),

    draw: (input: InputOf<'newShareDraw'>) => newShareDraw(deps, input),

    subscribe: (userId: bigint, input: InputOf<'newShareSubscribe'>, key: string | undefined) =>
      subscribeToNewShare(deps, userId, input, key),

    confirm: (userId: bigint, input: InputOf<'newShareConfirm'>, key: string | undefined) =>
      confirmAllotment(deps, userId, input, key),

    decline: (userId: bigint, input: InputOf<'newShareDecline'>, key: string | undefined) =>
      declineAllotment(deps, userId, input, key),

    /** /trade/usernewstocklist: records (every subscription) or allotments (the drawn ones). */
    records: (userId: bigint, input: InputOf<'newStockList'>) => newShareRecords(deps, userId, input),
  };
}

export type NewShareService = ReturnType<typeof createNewShareService>;
