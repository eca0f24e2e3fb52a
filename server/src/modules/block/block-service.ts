/**
 * Block trades, the user's side (docs/decisions/0017-block-trades.md): the listings, applying with
 * the channel password, and the user's applications. Reviews, listing and closing are the back
 * office's (block-admin.ts); dividends of dividend blocks are paid by block-dividends.ts.
 *
 * Applying: the channel password is checked first, outside the money transaction, because a wrong
 * one must be counted even though the call is refused. The try is claimed before the slow hash runs,
 * in its own committed transaction (a conditional upsert: at most five claimed per user, listing and
 * market-local day, however many requests arrive at once), and a right password hands it back. Five
 * wrong tries lock the listing for the user until the end of the market-local day
 * (channel_password_locked {until}, answered before any hash); wrong tries never count against the
 * money calls' 2-second limit. Then, in one money transaction with the Idempotency-Key: the listing is
 * open, the lots at least the minimum and within what is left (taken with a conditional UPDATE), no
 * other application of the user to it waits, the fund password and identity, and the cost is held.
 */
import type { BlockApplied } from 'shared/contract';
import type { InputOf } from '../../contract-input';
import type { Database, Tx } from '../../db/database';
import { PG_UNIQUE_VIOLATION, pgConstraint, pgErrorCode } from '../../db/errors';
import { BusinessError } from '../../errors';
import { assertNotTooFrequent } from '../../security/money-limiter';
import type { PasswordHasher } from '../../security/password';
import { lockUserAccounts, placeHold } from '../ledger/ledger-repository';
import { requestHash, runIdempotent } from '../ledger/money-tx';
import type { FundPasswordGuard } from '../passwords/fund-password-guard';
import { newOrderNo } from '../common/order-no';
import { requireRiskAck } from '../risk-disclosure/risk-disclosure-service';
import { assertMayTrade } from '../common/user-checks';
import { toI18nLang } from '../wire/lang';
import { wire } from '../wire/wire';
import {
  applicationById,
  channelPasswordHash,
  claimPasswordTry,
  handBackPasswordTry,
  hasPendingApplication,
  insertApplication,
  listApplications,
  listingById,
  listListings,
  passwordFailures,
  storedAnswer,
  takeLots,
  type ListingRow,
} from './block-repository';
import {
  APPLICATION_STATES,
  CHANNEL_PASSWORD_TRIES,
  applicationMoney,
  applicationOf,
  listingOf,
  localDay,
  takesNoApplications,
  type PriceLookup,
} from './block-wire';

export interface BlockContext {
  db: Database;
  now: () => Date;
  prices: PriceLookup;
  /** Verifies channel passwords (the passwords module's scrypt hasher). */
  hasher: PasswordHasher;
  fundPasswords: FundPasswordGuard;
}

export function createBlockService({ db, now, prices, hasher, fundPasswords }: BlockContext) {
  const read = <T>(fn: (tx: Tx) => Promise<T>) => db.tx(fn, { readOnly: true });

  /** The end of today's lock for this user and listing, or null when not locked. */
  const lockOf = async (tx: Tx, listing: ListingRow, userId: bigint): Promise<Date | null> => {
    const day = localDay(listing.market, now());
    const failures = await passwordFailures(tx, listing.id, userId, day.date);
    return failures >= CHANNEL_PASSWORD_TRIES ? day.endsAt : null;
  };
  const locked = (until: Date) =>
    new BusinessError('channel_password_locked', {
      field: 'channel_password',
      values: { until: until.toISOString() },
    });

  /** Refusals that need no money transaction: unknown, closed, below the minimum, locked. */
  const assertApplicable = (listing: ListingRow | undefined, lots: number): ListingRow => {
    if (!listing) throw new BusinessError('not_found');
    if (takesNoApplications(listing, now())) throw new BusinessError('block_trade_closed');
    if (lots < listing.minLots)
      throw new BusinessError('block_min_lots', { field: 'lots', values: { min: String(listing.minLots) } });
    return listing;
  };

  /**
   * Checks the channel password with a try claimed (and committed) before the hash runs: no try left answers
   * channel_password_locked before any hash; a right password hands its try back, a wrong one keeps it.
   */
  const checkChannelPassword = async (listing: ListingRow, userId: bigint, password: string) => {
    const hash = await read((tx) => channelPasswordHash(tx, listing.id));
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
  };

  return {
    async list(userId: bigint, input: InputOf<'blockList'>) {
      const lang = toI18nLang(input.lang);
      return read(async (tx) => {
        const { rows, total } = await listListings(
          tx,
          { market: input.type, variant: input.variant, state: input.state, now: now() },
          { size: input.size, offset: (input.page - 1) * input.size },
        );
        const list = [];
        for (const row of rows) list.push(listingOf(row, prices, lang, now(), await lockOf(tx, row, userId)));
        return { list, total };
      });
    },

    async info(userId: bigint, input: InputOf<'blockInfo'>) {
      return read(async (tx) => {
        const row = await listingById(tx, input.id);
        if (!row) throw new BusinessError('not_found');
        return listingOf(row, prices, toI18nLang(input.lang), now(), await lockOf(tx, row, userId));
      });
    },

    async apply(userId: bigint, input: InputOf<'blockApply'>, key: string | undefined) {
      const payload = { id: input.id, lots: input.lots };
      // A retry of an answered request replays it, even if the listing closed or the lots ran out since.
      if (key !== undefined) {
        const claim = { userId, key, endpoint: 'blockApply', requestHash: requestHash(payload) };
        const stored = await read((tx) => storedAnswer(tx, claim));
        if (stored !== undefined) return stored as { msg: 'block_applied'; data: BlockApplied };
      }
      const listing = assertApplicable(await read((tx) => listingById(tx, input.id)), input.lots);
      await checkChannelPassword(listing, userId, input.channel_password);
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
          const accounts = await lockUserAccounts(tx, userId, [listing.currency]);
          const fresh = assertApplicable(await listingById(tx, listing.id), input.lots);
          if (await hasPendingApplication(tx, fresh.id, userId)) throw new BusinessError('order_under_review');
          if (fresh.leverage > 1) await requireRiskAck(tx, userId, 'leverage');
          if (!(await takeLots(tx, fresh.id, input.lots, at))) {
            if (takesNoApplications(fresh, at)) throw new BusinessError('block_trade_closed');
            const left = fresh.totalLots - fresh.lotsTaken;
            throw new BusinessError('insufficient_buy_quota', { field: 'lots', values: { left: String(left) } });
          }
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
          try {
            const id = await insertApplication(tx, {
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
          } catch (error) {
            if (pgErrorCode(error) === PG_UNIQUE_VIOLATION && pgConstraint(error) === 'block_applications_one_pending')
              throw new BusinessError('order_under_review');
            throw error;
          }
        },
      );
    },

    async applications(userId: bigint, input: InputOf<'blockApplications'>) {
      const lang = toI18nLang(input.lang);
      return read(async (tx) => {
        const status = input.status === 'all' ? undefined : APPLICATION_STATES.indexOf(input.status);
        const { rows, total } = await listApplications(
          tx,
          { userId, variant: input.variant, market: input.type, status },
          { size: input.size, offset: (input.page - 1) * input.size },
        );
        return { list: rows.map((row) => applicationOf(row, prices, lang)), total };
      });
    },

    async applicationInfo(userId: bigint, input: InputOf<'blockApplicationInfo'>) {
      return read(async (tx) => {
        const row = await applicationById(tx, input.id, { userId });
        if (!row) throw new BusinessError('not_found');
        return applicationOf(row, prices, toI18nLang(input.lang));
      });
    },
  };
}

export type BlockService = ReturnType<typeof createBlockService>;
