/**
 * Block trades, the back office's side (docs/decisions/0017-block-trades.md): listing a block
 * (stock, block price, minimum and total lots, deadline, channel password stored hashed; the live
 * price, the dividend and the financing terms are never typed), closing or withdrawing it, the
 * review lists and the review itself. Every action is in the audit log.
 *
 * Review, exactly once (the user's accounts locked first, then `UPDATE … WHERE status = 0`):
 *   approve: the application's hold is released and, in the same transaction, the holding takes the
 *            money back as its margin hold (insertGrantedHolding); a financed block also pays its
 *            financing fee to the house 'loan_interest' account (a balanced journal transaction); the
 *            owner's inbox says placement_success with the shares, the price, the amount and the order number.
 *   reject:  the hold is released, the lots go back to the listing, the reason goes to the inbox.
 */
import { Decimal, MARKET_CURRENCY, roundMoney } from 'shared/money';
import type { InputOf } from '../../contract-input';
import type { Database, Tx } from '../../db/database';
import { BusinessError } from '../../errors';
import { assertMayDecideAbout } from '../admin/own-account';
import { requireRejectReason } from '../admin/reject-reason';
import { recordAudit } from '../audit/audit-service';
import { notify } from '../inbox/inbox-service';
import { lockUserAccounts, postTransaction, voidHold } from '../ledger/ledger-repository';
import { moneyTx } from '../ledger/money-tx';
import type { MarketId } from '../market/calendar';
import { getConfigValue } from '../site-config/site-config-repository';
import { insertGrantedHolding } from '../trade/granted-holding';
import { formatAmount, iso, userAmount, wire } from '../wire/wire';
import {
  applicationById,
  closeListing,
  giveBackLots,
  houseAccount,
  listApplications,
  listListings,
  resolveApplication,
} from './block-repository';
import { currentLockupDays, declaredDividendAfter, insertListing } from './block-listings-repository';
import { lockupEnd } from '../ipo/ipo-listing';
import { APPLICATION_STATES, closedReason, listingOf, sellableFrom, type PriceLookup } from './block-wire';
import { tradeDateAt } from '../trade/t-plus-one';
import type { PasswordHasher } from '../../security/password';

const ADMIN_PAGE_SIZE = 20;

export interface BlockAdminContext {
  db: Database;
  now: () => Date;
  prices: PriceLookup & { isStock(market: string, code: string): boolean };
  hasher: PasswordHasher;
}

/** The financing terms of a new financing listing, from site config (0011). */
export async function readFinancingTerms(tx: Tx): Promise<{ leverage: number; rate: string; days: number }> {
  const leverage = Number(await getConfigValue(tx, 'block_financing_leverage'));
  const rate = new Decimal((await getConfigValue(tx, 'block_financing_rate')) ?? 'NaN');
  const days = Number(await getConfigValue(tx, 'block_financing_days'));
  if (!Number.isInteger(leverage) || leverage < 2) throw new Error('site_config block_financing_leverage must be ≥ 2');
  if (!rate.isFinite() || rate.isNegative() || rate.gte(1))
    throw new Error('site_config block_financing_rate in [0, 1)');
  if (!Number.isInteger(days) || days < 1) throw new Error('site_config block_financing_days must be ≥ 1');
  return { leverage, rate: rate.toFixed(), days };
}

export function createBlockAdminService({ db, now, prices, hasher }: BlockAdminContext) {
  /** Rejects one pending application: hold released, lots back, inbox. False when no longer pending. */
  const reject = async (tx: Tx, id: bigint, actorId: bigint, reason: string): Promise<boolean> => {
    const row = await applicationById(tx, id);
    if (!row) throw new BusinessError('not_found');
    await lockUserAccounts(tx, row.userId);
    const resolved = await resolveApplication(tx, id, {
      status: 2,
      positionId: null,
      reason: reason || null,
      reviewedBy: actorId,
      at: now(),
    });
    if (!resolved) return false;
    requireRejectReason('reject', reason);
    if (!(await voidHold(tx, row.holdId, now())))
      throw new Error(`block application ${row.orderNo}: hold ${row.holdId} was already resolved`);
    await giveBackLots(tx, row.listingId, row.lots);
    await notify(
      tx,
      row.userId,
      {
        key: 'block_rejected',
        values: {
          code: row.code,
          shares: wire(row.shares),
          order_no: row.orderNo,
          amount: formatAmount(row.held, row.currency),
          reason: reason || '-',
        },
      },
      now(),
    );
    return true;
  };

  const approve = async (tx: Tx, id: bigint, actorId: bigint): Promise<boolean> => {
    const peek = await applicationById(tx, id);
    if (!peek) throw new BusinessError('not_found');
    const accounts = await lockUserAccounts(tx, peek.userId, [peek.currency]);
    const row = await applicationById(tx, id, { forUpdate: true });
    if (!row || row.status !== 0) return false;
    const at = now();
    if (!(await voidHold(tx, row.holdId, at)))
      throw new Error(`block application ${row.orderNo}: hold ${row.holdId} was already resolved`);
    const fee = new Decimal(row.financingFee ?? 0);
    if (!fee.isZero()) {
      await postTransaction(tx, {
        kind: 'fee',
        reference: row.orderNo,
        memo: `block financing ${row.code}: ${wire(row.financedAmount)} financed for the listing's days`,
        at,
        entries: [
          { accountId: accounts.get(row.currency)!.id, currency: row.currency, amount: fee.negated().toFixed() },
          {
            accountId: await houseAccount(tx, 'loan_interest', row.currency),
            currency: row.currency,
            amount: fee.toFixed(),
          },
        ],
      });
    }
    const position = await insertGrantedHolding(tx, {
      userId: row.userId,
      market: row.market,
      code: row.code,
      name: prices.nameOf(row.market, row.code, 'zh-CN') ?? row.code,
      quantity: row.shares,
      price: row.blockPrice,
      currency: row.currency,
      source: 'block',
      leverage: row.leverage,
      // The listing's lock-up (0033): no sale before local midnight `lockupDays` days after today.
      closableFrom: lockupEnd(row.market, at, row.lockupDays),
      at,
      reference: row.orderNo,
    });
    const resolved = await resolveApplication(tx, id, {
      status: 1,
      positionId: BigInt(position.id),
      reason: null,
      reviewedBy: actorId,
      at,
    });
    if (!resolved) throw new Error(`block application ${row.orderNo} changed under its lock`);
    await notify(
      tx,
      row.userId,
      {
        key: 'placement_success',
        values: {
          code: row.code,
          shares: wire(row.shares),
          order_no: row.orderNo,
          price: formatAmount(row.blockPrice, row.currency),
          amount: formatAmount(row.amount, row.currency),
          sellable_from: sellableFrom(row.market, at, row.lockupDays) ?? tradeDateAt(row.market, at),
        },
      },
      at,
    );
    return true;
  };

  return {
    async create(actorId: bigint, input: InputOf<'adminBlockCreate'>) {
      const market = input.market as MarketId;
      if (!prices.isStock(market, input.code)) throw new BusinessError('stock_not_found', { field: 'code' });
      const currency = MARKET_CURRENCY[market];
      const price = userAmount(input.block_price, currency, 'block_price');
      const deadline = new Date(input.deadline);
      if (Number.isNaN(deadline.getTime()) || deadline.getTime() <= now().getTime())
        throw new BusinessError('field_invalid', { field: 'deadline', values: { field: 'deadline' } });
      if (input.total_lots < input.min_lots)
        throw new BusinessError('field_invalid', { field: 'total_lots', values: { field: 'total_lots' } });
      const hash = await hasher.hash(input.channel_password);
      return db.tx(async (tx) => {
        const financing = input.variant === 'financing' ? await readFinancingTerms(tx) : null;
        const dividend =
          input.variant === 'dividend' ? await declaredDividendAfter(tx, market, input.code, deadline) : null;
        if (input.variant === 'dividend' && !dividend) throw new BusinessError('block_no_declared_dividend');
        const id = await insertListing(tx, {
          market,
          currency,
          code: input.code,
          variant: input.variant,
          blockPrice: roundMoney(price, currency).toFixed(),
          lotSize: input.lot_size ?? 1,
          minLots: input.min_lots,
          totalLots: input.total_lots,
          deadline,
          channelPasswordHash: hash,
          dividendId: dividend?.id ?? null,
          leverage: financing?.leverage ?? 1,
          financingRate: financing?.rate ?? null,
          financingDays: financing?.days ?? null,
          lockupDays: await currentLockupDays(tx),
          createdBy: actorId,
          createdAt: now(),
        });
        await recordAudit(tx, {
          actorId,
          action: 'block.create',
          target: `block_listing:${id}`,
          detail: { code: input.code, market, variant: input.variant, block_price: price.toFixed() },
          before: null,
          after: { state: 'open', code: input.code, market, block_price: price.toFixed(), deadline },
        });
        return { msg: 'block_listing_created' as const, data: { id: Number(id) } };
      });
    },

    /** Close: no new applications. Withdraw: also rejects every pending application (holds released). */
    async close(actorId: bigint, input: InputOf<'adminBlockClose'>) {
      const state = input.action === 'withdraw' ? 'withdrawn' : 'closed';
      const closed = await db.tx(async (tx) => {
        const row = await closeListing(tx, BigInt(input.id), state, now());
        if (row)
          await recordAudit(tx, {
            actorId,
            action: `block.${input.action}`,
            target: `block_listing:${input.id}`,
            detail: { reason: input.reason },
            before: { state: 'open' },
            after: { state },
          });
        return row;
      });
      if (!closed) throw new BusinessError('block_trade_closed');
      if (state === 'withdrawn') {
        const pending = await db.tx(
          (tx) =>
            listApplications(tx, { listingId: input.id, status: 0 }, { size: 10_000, offset: 0, oldestFirst: true }),
          { readOnly: true },
        );
        const reason = input.reason || 'withdrawn';
        for (const row of pending.rows) await moneyTx(db, (tx) => reject(tx, BigInt(row.id), actorId, reason));
      }
      return { msg: 'block_listing_closed' as const, data: {} };
    },

    async listings(input: InputOf<'adminBlockListings'>) {
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
    },

    async applications(input: InputOf<'adminBlockApplications'>) {
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
    },

    /** Exactly one reviewer wins (review_already_done for the others). */
    async review(actorId: bigint, input: InputOf<'adminBlockReview'>) {
      return moneyTx(db, async (tx) => {
        const id = BigInt(input.id);
        const application = await applicationById(tx, id);
        if (!application) throw new BusinessError('not_found');
        await assertMayDecideAbout(tx, actorId, application.userId);
        const done =
          input.action === 'approve' ? await approve(tx, id, actorId) : await reject(tx, id, actorId, input.reason);
        if (!done) throw new BusinessError('review_already_done');
        await recordAudit(tx, {
          actorId,
          action: `block.${input.action}`,
          target: `block_application:${input.id}`,
          detail: { reason: input.reason },
          before: { status: 'pending' },
          after: { status: input.action === 'approve' ? 'approved' : 'rejected' },
        });
        return { msg: 'review_done' as const, data: {} };
      });
    },
  };
}

export type BlockAdminService = ReturnType<typeof createBlockAdminService>;
