/**
 * /trade/modify and /trade/exits (issue 13; contract areas/trade-orders.ts).
 *
 * Modify: a pending order's limit price, trigger and/or quantity, checked as at placement against the session it
 * trades in (order-rules.ts); in ONE transaction, after the user's account lock and the order's row lock, its hold
 * is voided and placed again at the new figures (the hold trigger refuses an overdraft: insufficient_balance, and
 * the whole transaction rolls back, so a refused modify changes nothing). A triggered stop-limit's trigger is
 * spent: changing it answers order_not_pending. With an Idempotency-Key a retry answers the first result.
 *
 * Exits: set (a price) or clear ('') the take profit and stop loss of a pending order (checked against its entry
 * reference) or a holding position (against the current price); never a day-trade position (margin_day_trade).
 */
import type { I18nLang } from 'shared/messages';
import { Decimal } from 'shared/money';
import type { InputOf } from '../../contract-input';
import type { Database, Tx } from '../../db/database';
import { BusinessError } from '../../errors';
import { checkMinorUnits, lockUserAccounts, placeHold, voidHold } from '../ledger/ledger-repository';
import { moneyTx, runIdempotent } from '../ledger/money-tx';
import type { MarketDataProvider } from '../market/provider';
import { toI18nLang } from '../wire/lang';
import {
  checkExits,
  checkOrderPrices,
  entryReference,
  hasMarketComponent,
  holdPrice,
  optionalDecimal,
  type OrderPrices,
} from './order-rules';
import { checkOrderPrice, orderSession } from './order-session';
import { modifyPendingOrder, setPositionExits } from './positions-repository';
import { openFigures } from './trade-math';
import { positionById, readMarketOrderBuffer, STATUS, type PositionRow } from './trade-repository';

export interface OrderChangeContext {
  db: Database;
  now: () => Date;
  provider: MarketDataProvider;
  toWire: (row: PositionRow, lang: I18nLang) => unknown;
}

const same = (a: Decimal | undefined, b: string | null) =>
  (a === undefined && b === null) || (a !== undefined && b !== null && a.eq(b));

/** The user's row under its lock, after the user's account lock (the matcher's order); the locked account too. */
async function lockedOwn(tx: Tx, userId: bigint, id: number) {
  const peek = await positionById(tx, id, { userId });
  if (!peek) throw new BusinessError('not_found');
  const accounts = await lockUserAccounts(tx, userId, [peek.currency]);
  const row = await positionById(tx, id, { userId, forUpdate: true });
  if (!row) throw new BusinessError('not_found');
  return { row, accountId: accounts.get(peek.currency)!.id };
}

/** The new prices and quantity of a pending order, checked as at placement (see the header). */
function modifiedOrder(
  { provider, now }: Pick<OrderChangeContext, 'provider' | 'now'>,
  row: PositionRow,
  input: InputOf<'modifyOrder'>,
) {
  if (row.status !== STATUS.pending) throw new BusinessError('order_not_pending');
  const price = optionalDecimal(input.price) ?? undefined;
  const trigger = optionalDecimal(input.trigger_price) ?? undefined;
  const quantity = input.quantity ? new Decimal(input.quantity) : undefined;
  if (price && row.priceType !== 'limit')
    throw new BusinessError('field_invalid', { field: 'price', values: { field: 'price' } });
  if (trigger && row.orderType === 'normal')
    throw new BusinessError('field_invalid', { field: 'trigger_price', values: { field: 'trigger_price' } });
  const oldLimit = row.limitPrice === null ? undefined : new Decimal(row.limitPrice);
  const oldTrigger = row.triggerPrice === null ? undefined : new Decimal(row.triggerPrice);
  const priceChanged = price !== undefined && !same(price, row.limitPrice);
  const triggerChanged = trigger !== undefined && !same(trigger, row.triggerPrice);
  const quantityChanged = quantity !== undefined && !quantity.eq(row.stockNum);
  if (!priceChanged && !triggerChanged && !quantityChanged) throw new BusinessError('nothing_to_change');
  // A triggered stop-limit is a limit order now: its trigger is spent.
  if (triggerChanged && row.triggeredAt !== null) throw new BusinessError('order_not_pending');
  const at = now();
  const session = orderSession(provider, row.market, row.code, at);
  const order: OrderPrices = {
    direction: row.direction,
    orderType: row.orderType,
    priceType: row.priceType,
    limit: priceChanged ? price : oldLimit,
    trigger: triggerChanged ? trigger : oldTrigger,
  };
  // The new values as at placement (an unchanged trigger already reached is the matcher's to act on).
  if (priceChanged) checkOrderPrice(session, order.limit, 'price');
  checkOrderPrices(session, { ...order, limit: undefined, trigger: triggerChanged ? order.trigger : undefined });
  if (order.orderType === 'oco') checkOrderPrices({ ...session, status: 'closed' }, order);
  const exits = {
    takeProfit: row.takeProfit === null ? null : new Decimal(row.takeProfit),
    stopLoss: row.stopLoss === null ? null : new Decimal(row.stopLoss),
  };
  checkExits(row.direction, entryReference(order, session), exits);
  return { at, order, session, quantity };
}

async function modifyOrder(
  deps: OrderChangeContext,
  userId: bigint,
  input: InputOf<'modifyOrder'>,
  key: string | undefined,
) {
  const payload = { ...input, lang: undefined };
  return runIdempotent(deps.db, { userId, key, endpoint: 'modifyOrder', payload }, async (tx) => {
    const { row, accountId } = await lockedOwn(tx, userId, input.id);
    const { at, order, session, quantity } = modifiedOrder(deps, row, input);
    const buffer =
      hasMarketComponent(order) && session.limitUp === null ? await readMarketOrderBuffer(tx) : new Decimal(0);
    const held = hasMarketComponent(order) ? holdPrice(order, session, buffer) : order.limit!;
    const stockNum = quantity ?? new Decimal(row.stockNum);
    const figures = openFigures(held, stockNum, row.leverage, row.feeRate, row.currency);
    if (figures.margin.isZero())
      throw new BusinessError('field_invalid', { field: 'quantity', values: { field: 'quantity' } });
    const amount = figures.margin.plus(figures.fee);
    checkMinorUnits(amount, row.currency);
    if (!(await voidHold(tx, BigInt(row.holdId!), at)))
      throw new Error(`order ${row.orderNo}: hold ${row.holdId} was already resolved`);
    const hold = await placeHold(tx, {
      accountId,
      currency: row.currency,
      amount: amount.toFixed(),
      reason: 'order',
      reference: row.orderNo,
      at,
    });
    const changed = await modifyPendingOrder(tx, userId, BigInt(row.id), {
      limitPrice: order.limit?.toFixed() ?? null,
      triggerPrice: order.trigger?.toFixed() ?? null,
      quantity: stockNum.toFixed(),
      buyPrice: held.toFixed(),
      margin: figures.margin.toFixed(),
      fee: figures.fee.toFixed(),
      hold,
    });
    if (!changed) throw new Error(`order ${row.orderNo} changed under its lock`);
    return { msg: 'order_modified' as const, data: deps.toWire(changed, toI18nLang(input.lang)) };
  });
}

async function setExits(deps: OrderChangeContext, userId: bigint, input: InputOf<'setExits'>) {
  return moneyTx(deps.db, async (tx) => {
    const { row } = await lockedOwn(tx, userId, input.id);
    if (row.status !== STATUS.pending && row.status !== STATUS.holding) throw new BusinessError('order_not_holding');
    if (row.dayTradeId !== null && row.dayTradeId !== undefined) throw new BusinessError('margin_day_trade');
    const takeProfit = optionalDecimal(input.take_profit);
    const stopLoss = optionalDecimal(input.stop_loss);
    const session = orderSession(deps.provider, row.market, row.code, deps.now());
    const reference =
      row.status === STATUS.holding
        ? new Decimal(session.reference)
        : entryReference(
            {
              direction: row.direction,
              orderType: row.orderType,
              priceType: row.priceType,
              limit: row.limitPrice === null ? undefined : new Decimal(row.limitPrice),
              trigger: row.triggerPrice === null ? undefined : new Decimal(row.triggerPrice),
            },
            session,
          );
    checkExits(row.direction, reference, { takeProfit: takeProfit ?? null, stopLoss: stopLoss ?? null });
    const keep = (value: Decimal | null | undefined, old: string | null) =>
      value === undefined ? old : (value?.toFixed() ?? null);
    const saved = await setPositionExits(tx, userId, BigInt(row.id), {
      takeProfit: keep(takeProfit, row.takeProfit),
      stopLoss: keep(stopLoss, row.stopLoss),
    });
    if (!saved) throw new BusinessError('order_not_holding');
    return { msg: 'exits_saved' as const, data: deps.toWire(saved, toI18nLang(input.lang)) };
  });
}

export function createOrderChanges(deps: OrderChangeContext) {
  return {
    modifyOrder: (userId: bigint, input: InputOf<'modifyOrder'>, key: string | undefined) =>
      modifyOrder(deps, userId, input, key),
    setExits: (userId: bigint, input: InputOf<'setExits'>) => setExits(deps, userId, input),
  };
}
