/**
 * The matcher's fills of pending orders (issue 13; matcher.ts runs them, each in its own transaction): a limit
 * crossed (a normal limit order, a triggered stop-limit, an OCO's limit leg) fills at its limit; a trigger reached
 * fills a stop-market or an OCO's stop leg at the price (triggered_at set then too), and turns a stop-limit into a
 * limit order (triggered_at, once); a market order that waited fills at the session's opening price (placed before
 * the open) or at the price.
 *
 * Every fill re-reads the row under its lock and acts only if it still holds (pending, valid in the session, the
 * condition still true at the price), so two matchers never act twice. The order's hold (margin + fee at the price
 * it was placed with) is voided, the margin held at the fill price and the fee booked; the difference returns to
 * available. A fill needing more than the balance (available + the released hold) cancels the order instead
 * (cancel_reason unfunded, inbox): nothing is overdrawn. A fill writes its notice to the inbox (fill-notice.ts) and
 * hands it to `told`, for the caller to mail once the transaction committed.
 */
import { Decimal, type Currency } from 'shared/money';
import type { Tx } from '../../db/database';
import { notify } from '../inbox/inbox-service';
import {
  getHouseAccountId,
  lockUserAccounts,
  placeHold,
  postTransaction,
  voidHold,
  type LockedAccount,
} from '../ledger/ledger-repository';
import { sessionParts, type MarketId } from '../market/calendar';
import type { MarketDataProvider } from '../market/provider';
import { formatAmount } from '../wire/wire';
import { fillNotice, type FillTold } from './fill-notice';
import { triggerReached } from './order-rules';
import { sessionOf } from './order-session';
import { cancelOrderFor, fillPendingAt, markTriggered, type DueAction } from './positions-repository';
import { limitCrossed, openFigures } from './trade-math';
import { feeRevenueAccount, positionById, STATUS, type PositionRow } from './trade-repository';

export type FillOutcome = 'filled' | 'unfunded' | 'triggered' | undefined;

/** The price a pending order fills at and, for an OCO, the leg that fills. */
export interface Fill {
  price: Decimal;
  leg: 'limit' | 'stop' | null;
}

/** The price a pending row fills at for `action` at `price`, or undefined when it must not act (any more). */
export function fillPriceOf(
  row: PositionRow,
  action: DueAction,
  price: Decimal,
  at: Date,
  provider: Pick<MarketDataProvider, 'sessionOpen'>,
): Fill | 'trigger' | undefined {
  const limitLeg =
    row.priceType === 'limit' &&
    (row.orderType === 'normal' || row.orderType === 'oco' || row.triggeredAt !== null) &&
    limitCrossed(row.direction, row.limitPrice!, price);
  if (action === 'fill_limit' && limitLeg)
    return { price: new Decimal(row.limitPrice!), leg: row.orderType === 'oco' ? 'limit' : null };
  if (action === 'fill_stop' && row.orderType === 'oco' && triggerReached(row.direction, row.triggerPrice!, price))
    return { price, leg: 'stop' };
  if (action === 'trigger' && row.orderType === 'stop' && row.triggeredAt === null) {
    if (!triggerReached(row.direction, row.triggerPrice!, price)) return undefined;
    return row.priceType === 'market' ? { price, leg: null } : 'trigger';
  }
  if (action === 'fill_market' && row.orderType === 'normal' && row.priceType === 'market') {
    // Placed before this session's open: it fills at the opening price, as at an exchange's opening auction.
    const session = sessionOf(row.market as MarketId, at);
    const opened = sessionParts(row.market as MarketId, session.day)[0]!.start;
    const open =
      row.createdAt.getTime() < opened ? provider.sessionOpen?.(row.market, row.code, session.tradeDate) : undefined;
    return { price: open === undefined ? price : new Decimal(open), leg: null };
  }
  return undefined;
}

/**
 * The pending row under its lock (after the user's account lock), still valid, and how it fills at `price`: a
 * stop-limit reached is marked triggered here (`triggered`). Else the outcome of not filling now.
 */
async function lockedFill(
  tx: Tx,
  id: bigint,
  action: DueAction,
  price: Decimal,
  at: Date,
  provider: Pick<MarketDataProvider, 'sessionOpen'>,
): Promise<{ row: PositionRow; account: LockedAccount; fill: Fill; triggered: boolean } | FillOutcome> {
  const peek = await positionById(tx, id);
  if (!peek || peek.status !== STATUS.pending) return undefined;
  const accounts = await lockUserAccounts(tx, BigInt(peek.userId), [peek.currency]);
  let row = await positionById(tx, id, { forUpdate: true });
  if (!row || row.status !== STATUS.pending) return undefined;
  if (row.validUntil !== null && row.validUntil < sessionOf(row.market as MarketId, at).tradeDate) return undefined;
  let fill = fillPriceOf(row, action, price, at, provider);
  let triggered = false;
  if (fill === 'trigger') {
    // A stop-limit: triggered once, then a limit order (which may fill at once).
    row = await markTriggered(tx, id, at);
    if (!row) return undefined;
    triggered = true;
    fill = fillPriceOf(row, 'fill_limit', price, at, provider);
    if (fill === undefined || fill === 'trigger') return 'triggered';
  }
  if (fill === undefined) return undefined;
  return { row, account: accounts.get(row.currency)!, fill, triggered };
}

/** The opening fee of a fill: the user's account → the house fee-revenue shard of the user. */
async function bookOpenFee(tx: Tx, row: PositionRow, accountId: bigint, fee: Decimal, fillPrice: Decimal, at: Date) {
  const currency: Currency = row.currency;
  await postTransaction(tx, {
    kind: 'fee',
    reference: row.orderNo,
    memo: `open ${row.direction} ${row.code} ×${new Decimal(row.stockNum).toFixed()} @ ${fillPrice.toFixed()}`,
    at,
    entries: [
      { accountId, currency, amount: fee.negated().toFixed() },
      {
        accountId: await getHouseAccountId(tx, feeRevenueAccount(BigInt(row.userId)), currency),
        currency,
        amount: fee.toFixed(),
      },
    ],
  });
}

/** Acts on a pending order at `price` for `action` (see the header); undefined when it no longer applies. */
export async function fillPending(
  tx: Tx,
  id: bigint,
  action: DueAction,
  price: Decimal,
  at: Date,
  provider: Pick<MarketDataProvider, 'sessionOpen' | 'nameOf'>,
  told?: FillTold[],
): Promise<FillOutcome> {
  const locked = await lockedFill(tx, id, action, price, at, provider);
  if (locked === undefined || typeof locked === 'string') return locked;
  const { row, account, fill, triggered } = locked;
  const currency: Currency = row.currency;
  const quantity = new Decimal(row.stockNum);
  const figures = openFigures(fill.price, quantity, row.leverage, row.feeRate, currency);
  const held = new Decimal(row.margin).plus(row.fee);
  if (!(await voidHold(tx, BigInt(row.holdId!), at)))
    throw new Error(`order ${row.orderNo}: hold ${row.holdId} was already resolved`);
  const values = { code: row.code, order_no: row.orderNo, price: fill.price.toFixed() };
  if (figures.margin.plus(figures.fee).gt(new Decimal(account.available).plus(held))) {
    if (!(await cancelOrderFor(tx, id, 'unfunded', at))) throw new Error(`order ${row.orderNo} changed under its lock`);
    await notify(tx, BigInt(row.userId), { key: 'order_unfunded', values }, at);
    return 'unfunded';
  }
  const marginHold = await placeHold(tx, {
    accountId: account.id,
    currency,
    amount: figures.margin.toFixed(),
    reason: 'margin',
    reference: row.orderNo,
    at,
  });
  if (!figures.fee.isZero()) await bookOpenFee(tx, row, account.id, figures.fee, fill.price, at);
  const filled = await fillPendingAt(tx, id, {
    price: fill.price.toFixed(),
    margin: figures.margin.toFixed(),
    fee: figures.fee.toFixed(),
    marginHold,
    at,
    openDate: sessionOf(row.market as MarketId, at).tradeDate,
    filledLeg: fill.leg,
    // A stop-market or an OCO's stop leg triggered and filled at once (a stop-limit was marked above).
    triggered: action === 'trigger' || fill.leg === 'stop',
  });
  if (!filled) throw new Error(`order ${row.orderNo} changed under its lock`);
  const userId = BigInt(row.userId);
  // The fill's own notice first: the message saying why (a leg, a trigger) reads on top of the inbox.
  const notice = fillNotice(row, { kind: 'open', price: fill.price, quantity, fee: figures.fee, at }, provider);
  await notify(tx, userId, notice, at);
  told?.push({ userId, notice });
  if (fill.leg)
    await notify(tx, userId, { key: fill.leg === 'limit' ? 'oco_limit_filled' : 'oco_stop_filled', values }, at);
  else if (row.orderType === 'stop' || triggered)
    await notify(
      tx,
      userId,
      { key: 'stop_triggered', values: { ...values, trigger: new Decimal(row.triggerPrice!).toFixed() } },
      at,
    );
  return 'filled';
}

/** The values of an exit's inbox message. */
export function exitValues(row: PositionRow, exit: Decimal.Value, price: Decimal, pnl: Decimal, fee: Decimal) {
  return {
    code: row.code,
    order_no: row.orderNo,
    exit: new Decimal(exit).toFixed(),
    price: price.toFixed(),
    pnl: formatAmount(pnl, row.currency),
    fee: formatAmount(fee, row.currency),
  };
}
