/**
 * Applying for a block trade with the channel password (docs/decisions/0017-block-trades.md).
 *
 * The channel password is checked first, outside the money transaction, because a wrong one must be
 * counted even though the call is refused. The try is claimed before the slow hash runs, in its own
 * committed transaction (a conditional upsert: at most five claimed per user, listing and market-local
 * day, however many requests arrive at once), and a right password hands it back. Five wrong tries lock
 * the listing for the user until the end of the market-local day (channel_password_locked {until},
 * answered before any hash); wrong tries never count against the money calls' 2-second limit. Then, in
 * one money transaction with the Idempotency-Key: the listing is open, the lots at least the minimum and
 * within what is left (taken with a conditional UPDATE), no other application of the user to it waits,
 * the fund password and identity, and the cost is held.
 */
import type { BlockApplied } from 'shared/contract';
import type { InputOf } from '../../contract-input';
import type { Tx } from '../../db/database';
import { refuseDuplicate } from '../../db/errors';
import { BusinessError } from '../../errors';
import { assertNotTooFrequent } from '../../security/money-limiter';
import { lockUserAccounts, placeHold } from '../ledger/ledger-repository';
import { requestHash, runIdempotent } from '../ledger/money-tx';
import { newOrderNo } from '../common/order-no';
import { requireRiskAck } from '../risk-disclosure/risk-disclosure-service';
import { assertMayTrade } from '../common/user-checks';
import { wire } from '../wire/wire';
import {
  channelPasswordHash,
  claimPasswordTry,
  handBackPasswordTry,
  hasPendingApplication,
  insertApplication,
  listingById,
  storedAnswer,
  takeLots,
  type ListingRow,
} from './block-repository';
import { CHANNEL_PASSWORD_TRIES, applicationMoney, localDay, takesNoApplications } from './block-wire';
import type { BlockContext } from './block-context';

type BlockApplyInput = InputOf<'blockApply'>;

/** channel_password_locked until the end of the market-local day. */
const locked = (until: Date) =>
  new BusinessError('channel_password_locked', {
    field: 'channel_password',
    values: { until: until.toISOString() },
  });

/** Refusals that need no money transaction: unknown, closed, below the minimum, locked. */
function assertApplicable(now: () => Date, listing: ListingRow | undefined, lots: number): ListingRow {
  if (!listing) throw new BusinessError('not_found');
  if (takesNoApplications(listing, now())) throw new BusinessError('block_trade_closed');
  if (lots < listing.minLots)
    throw new BusinessError('block_min_lots', { field: 'lots', values: { min: String(listing.minLots) } });
  return listing;
}

/**
 * Checks the channel password with a try claimed (and committed) before the hash runs: no try left answers
 * channel_password_locked before any hash; a right password hands its try back, a wrong one keeps it.
 */
async function checkChannelPassword(
  { db, now, hasher }: Pick<BlockContext, 'db' | 'now' | 'hasher'>,
  listing: ListingRow,
  userId: bigint,
  password: string,
) {
  const hash = await db.tx((tx) => channelPasswordHash(tx, listing.id), { readOnly: true });
  const at = now();
  const day = localDay(listing.market, at);
  const try_ = { listingId: listing.id, userId, localDate: day.date, at };
  const tries = await db.tx((tx) => claimPasswordTry(tx, try_, CHANNEL_PASSWORD_TRIES));
  if (tries === undefined) throw locked(day.endsAt);
  let right: boolean;
  try {
    right = !!hash && (await hasher.verify(password, hash));
  } catch (error) {
    // Nothing was checked (the hasher's queue was full): the try goes back.
    await db.tx((tx) => handBackPasswordTry(tx, try_));
    throw error;
  }
  if (right) return db.tx((tx) => handBackPasswordTry(tx, try_));
  if (tries >= CHANNEL_PASSWORD_TRIES) throw locked(day.endsAt);
  throw new BusinessError('channel_password_wrong', {
    field: 'channel_password',
    values: { left: String(CHANNEL_PASSWORD_TRIES - tries) },
  });
}

/** Takes the lots (a conditional UPDATE): block_trade_closed or insufficient_buy_quota {left} when it fails. */
async function takeListingLots(tx: Tx, fresh: ListingRow, lots: number, at: Date) {
  if (await takeLots(tx, fresh.id, lots, at)) return;
  if (takesNoApplications(fresh, at)) throw new BusinessError('block_trade_closed');
  const left = fresh.totalLots - fresh.lotsTaken;
  throw new BusinessError('insufficient_buy_quota', { field: 'lots', values: { left: String(left) } });
}

/** In the money transaction, with the fund password verified: the checks again, the lots taken, the cost held. */
async function bookApplication(
  { now }: Pick<BlockContext, 'now'>,
  tx: Tx,
  at: Date,
  userId: bigint,
  listing: ListingRow,
  input: BlockApplyInput,
) {
  const accounts = await lockUserAccounts(tx, userId, [listing.currency]);
  const fresh = assertApplicable(now, await listingById(tx, listing.id), input.lots);
  if (await hasPendingApplication(tx, fresh.id, userId)) throw new BusinessError('order_under_review');
  if (fresh.leverage > 1) await requireRiskAck(tx, userId, 'leverage');
  await takeListingLots(tx, fresh, input.lots, at);
  const money = applicationMoney(fresh, input.lots);
  const orderNo = newOrderNo('B', at);
  const holdId = await placeHold(tx, {
    accountId: accounts.get(fresh.currency)!.id,
    currency: fresh.currency,
    amount: money.held.toFixed(),
    reason: 'block_trade',
    reference: orderNo,
    at,
  });
  const insert = () =>
    insertApplication(tx, {
      listingId: fresh.id,
      userId,
      orderNo,
      currency: fresh.currency,
      lots: input.lots,
      shares: money.shares.toFixed(),
      blockPrice: fresh.blockPrice,
      amount: money.amount.toFixed(),
      held: money.held.toFixed(),
      leverage: fresh.leverage,
      financedAmount: money.financed?.toFixed() ?? null,
      financingFee: money.fee?.toFixed() ?? null,
      holdId,
      createdAt: at,
    });
  const id = await refuseDuplicate(insert, 'order_under_review', 'block_applications_one_pending');
  const data: BlockApplied = {
    id: Number(id),
    order_no: orderNo,
    lots: input.lots,
    shares: wire(money.shares),
    amount: wire(money.amount),
    held: wire(money.held),
    currency: fresh.currency,
  };
  return { msg: 'block_applied' as const, data };
}

/** /block/apply: a retry replays its answer; then the channel password, then the money transaction. */
export async function applyForBlock(
  deps: Pick<BlockContext, 'db' | 'now' | 'hasher' | 'fundPasswords'>,
  userId: bigint,
  input: BlockApplyInput,
  key: string | undefined,
) {
  const { db, now, fundPasswords } = deps;
  const payload = { id: input.id, lots: input.lots };
  // A retry of an answered request replays it, even if the listing closed or the lots ran out since.
  if (key !== undefined) {
    const claim = { userId, key, endpoint: 'blockApply', requestHash: requestHash(payload) };
    const stored = await db.tx((tx) => storedAnswer(tx, claim), { readOnly: true });
    if (stored !== undefined) return stored as { msg: 'block_applied'; data: BlockApplied };
  }
  const listing = assertApplicable(now, await db.tx((tx) => listingById(tx, input.id), { readOnly: true }), input.lots);
  await checkChannelPassword(deps, listing, userId, input.channel_password);
  const fundPassword = await fundPasswords.claim(db, userId);
  return runIdempotent(
    db,
    // Secrets (the channel and fund passwords) are never part of "the same request".
    {
      userId,
      key,
      endpoint: 'blockApply',
      payload,
      limit: () => assertNotTooFrequent(userId, 'blockApply'),
      settle: fundPassword.settle,
    },
    async (tx) => {
      const at = now();
      await assertMayTrade(tx, userId);
      await fundPassword.verify(tx, input.fund_password);
      return bookApplication(deps, tx, at, userId, listing, input);
    },
  );
}
