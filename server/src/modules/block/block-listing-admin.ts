/**
 * The back office's listings (docs/decisions/0017-block-trades.md): listing a block (stock, block price,
 * minimum and total lots, deadline, channel password stored hashed; the live price, the dividend and the
 * financing terms are never typed), closing or withdrawing it. Both are in the audit log.
 */
import { Decimal, MARKET_CURRENCY, roundMoney } from 'shared/money';
import type { InputOf } from '../../contract-input';
import type { Tx } from '../../db/database';
import { BusinessError } from '../../errors';
import { recordAudit } from '../audit/audit-service';
import { moneyTx } from '../ledger/money-tx';
import type { MarketId } from '../market/calendar';
import { getConfigValue } from '../site-config/site-config-repository';
import { userAmount } from '../wire/wire';
import { closeListing, listApplications } from './block-repository';
import { currentLockupDays, declaredDividendAfter, insertListing } from './block-listings-repository';
import { rejectApplication } from './block-review';
import type { BlockAdminContext } from './block-context';

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

/** Lists a block: checked, its channel password hashed, the financing terms and dividend read; audited. */
export async function createListing(
  { db, now, prices, hasher }: Pick<BlockAdminContext, 'db' | 'now' | 'prices' | 'hasher'>,
  actorId: bigint,
  input: InputOf<'adminBlockCreate'>,
) {
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
}

/** Close: no new applications. Withdraw: also rejects every pending application (holds released). */
export async function closeBlockListing(
  deps: Pick<BlockAdminContext, 'db' | 'now'>,
  actorId: bigint,
  input: InputOf<'adminBlockClose'>,
) {
  const { db, now } = deps;
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
      (tx) => listApplications(tx, { listingId: input.id, status: 0 }, { size: 10_000, offset: 0, oldestFirst: true }),
      { readOnly: true },
    );
    const reason = input.reason || 'withdrawn';
    for (const row of pending.rows)
      await moneyTx(db, (tx) => rejectApplication(deps, tx, BigInt(row.id), actorId, reason));
  }
  return { msg: 'block_listing_closed' as const, data: {} };
}
