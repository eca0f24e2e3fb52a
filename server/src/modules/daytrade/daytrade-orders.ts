/**
 * Day-trade orders (docs/decisions/0019-day-trading.md): an ordinary order of the trade engine, placed
 * with the engine's placement statement (trade-repository placementStatement: user flags, rules, risk
 * acknowledgement, hold, order row and opening fee in one statement) at the application's multiple as
 * leverage, inside one transaction that also:
 *   - locks the application row (orders of one application are serialised) and refuses unless it is
 *     applied or in trade for today's session (day_trade_not_active);
 *   - refuses an order whose notional would take the open and pending day-trade notional beyond the
 *     allowance (day_trade_allowance_exceeded {remaining});
 *   - lends the order its margin from the participation: the participation hold is released before the
 *     placement and placed again after it as participation − the money the application's orders hold
 *     (at most what is available then), so the participation and the orders' holds never hold the same
 *     money twice and nothing is overdrawn;
 *   - tags the order with the application and marks the application in trade.
 * A pending day-trade limit order is cancelled the trade engine's way (trade-service cancel: the conditional
 * UPDATE of cancelPendingOrder and its hold voided), in one transaction that locks the application row first
 * and re-places the participation hold after it, so the cancelled order's hold goes back into the participation
 * (never to the free available balance) exactly as an order takes it out.
 */
import { Decimal, MARKET_CURRENCY, type Currency } from 'shared/money';
import type { InputOf } from '../../contract-input';
import type { Database, Tx } from '../../db/database';
import { queryRows } from '../../db/query';
import { BusinessError } from '../../errors';
import { newOrderNo } from '../common/order-no';
import { realnameRefusal, tradingDisabled } from '../common/user-checks';
import { checkMinorUnits, lockUserAccounts, refuseAccountOverdraft, voidHold } from '../ledger/ledger-repository';
import { moneyTx, runIdempotent } from '../ledger/money-tx';
import type { MarketDataProvider } from '../market/provider';
import type { SettleHook } from '../trade/matcher';
import { cancelPendingOrder } from '../trade/positions-repository';
import { openFigures } from '../trade/trade-math';
import { checkOrderPrice, orderSession, requireOpen } from '../trade/order-session';
import {
  parseRules,
  placementStatement,
  positionById,
  STATUS,
  toPosition,
  type PlacementRow,
  type PositionRow,
} from '../trade/trade-repository';
import type { TradeService } from '../trade/trade-service';
import { toI18nLang } from '../wire/lang';
import { formatAmount } from '../wire/wire';
import {
  dayTradeById,
  dayTradeIdOfPosition,
  exposureOf,
  markInTrade,
  readRuleTexts,
  setHold,
  tagPosition,
  type DayTradeRow,
} from './daytrade-repository';
import { rebalanceParticipation } from './daytrade-participation';
import { dayStopped } from './daytrade-stop';
import { tradeDayAt } from './daytrade-view';

export interface DayTradeOrderContext {
  db: Database;
  now: () => Date;
  provider: MarketDataProvider;
  trade: TradeService;
}

/**
 * The matcher's settlement hook: a day-trade position settled during its day (closed by the user or a margin call)
 * gives its margin back to the participation, not to the available balance. `before` locks the application row
 * first (the lock order of an order: application, then the accounts the matcher locks next); `after` re-places the
 * participation hold in the same transaction. Positions settled after the close are the settlement job's.
 */
export const participationReHold: SettleHook = {
  async before(tx, positionId) {
    const dayTradeId = await dayTradeIdOfPosition(tx, positionId);
    return dayTradeId === undefined ? undefined : dayTradeById(tx, dayTradeId, { forUpdate: true });
  },
  async after(tx, _positionId, at, state) {
    const app = state as DayTradeRow | undefined;
    if (!app || (app.status !== 'applied' && app.status !== 'in_trade') || at >= app.closesAt) return;
    const accounts = await lockUserAccounts(tx, app.userId, [app.currency]);
    await rebalanceParticipation(tx, app, accounts.get(app.currency)!.id, at);
  },
};

export function createDayTradeOrders({ db, now, provider, trade }: DayTradeOrderContext) {
  return {
    async place(userId: bigint, input: InputOf<'dayTradeOrder'>, key: string | undefined) {
      const quantity = new Decimal(input.quantity);
      const payload = { ...input, quantity: quantity.toFixed(), price: input.price ?? null, lang: undefined };
      return runIdempotent(db, { userId, key, endpoint: 'dayTradeOrder', payload }, async (tx) => {
        const at = now();
        const app = await dayTradeById(tx, input.id, { userId, forUpdate: true });
        if (!app) throw new BusinessError('not_found');
        const market = app.market;
        const currency: Currency = MARKET_CURRENCY[market];
        if (
          (app.status !== 'applied' && app.status !== 'in_trade') ||
          tradeDayAt(market, at).tradeDate !== app.tradeDate ||
          at >= app.closesAt
        )
          throw new BusinessError('day_trade_not_active');
        // Day trading is intraday: orders only while the market is open (modules/trade/order-session.ts).
        const session = orderSession(provider, market, input.code, at);
        requireOpen(session);
        const { quote } = session;
        const limit = input.price_type === 'limit' ? new Decimal(input.price!) : undefined;
        checkOrderPrice(session, limit);
        const price = limit ?? new Decimal(quote.price);
        if (!price.isPositive() || price.isZero()) throw new BusinessError('price_unavailable');
        if (await dayStopped(tx, provider, app)) throw new BusinessError('day_trade_stopped');
        const allowance = new Decimal(app.participation).times(app.multiple);
        const used = new Decimal((await exposureOf(tx, [app.id])).get(app.id)?.used ?? 0);
        const notional = price.times(quantity);
        if (used.plus(notional).gt(allowance))
          throw new BusinessError('day_trade_allowance_exceeded', {
            field: 'quantity',
            values: { remaining: formatAmount(Decimal.max(allowance.minus(used), 0), currency) },
          });
        const accounts = await lockUserAccounts(tx, userId, [currency]);
        const accountId = accounts.get(currency)!.id;
        if (app.holdId !== null) await voidHold(tx, app.holdId, at);
        await setHold(tx, app.id, null);
        const placed = await placeWithEngine(tx, { userId, app, input, quantity, price, limit, quote, at });
        await tagPosition(tx, placed.id, app.id);
        await rebalanceParticipation(tx, { ...app, holdId: null }, accountId, at);
        await markInTrade(tx, app.id);
        const row = await positionById(tx, placed.id);
        // The stock's name in the reader's language (the result sheet shows it).
        return { msg: 'order_placed' as const, data: trade.toWireRow(row!, toI18nLang(input.lang)) };
      });
    },

    /** Cancels a pending day-trade order; its hold goes back into the participation (see the header). */
    async cancel(userId: bigint, input: InputOf<'dayTradeCancel'>) {
      return moneyTx(db, async (tx) => {
        const dayTradeId = await dayTradeIdOfPosition(tx, BigInt(input.id));
        const own = dayTradeId === undefined ? undefined : await positionById(tx, input.id, { userId });
        if (dayTradeId === undefined || !own) throw new BusinessError('not_found');
        // Lock order as an order's: the application row, then the user's accounts.
        const app = await dayTradeById(tx, dayTradeId, { userId, forUpdate: true });
        if (!app) throw new BusinessError('not_found');
        const at = now();
        const accounts = await lockUserAccounts(tx, userId, [app.currency]);
        const row = await cancelPendingOrder(tx, userId, BigInt(input.id), at);
        if (!row) throw new BusinessError('order_not_holding');
        if (!(await voidHold(tx, BigInt(row.holdId!), at)))
          throw new Error(`day-trade order ${row.orderNo}: hold ${row.holdId} was already resolved`);
        if (app.status === 'applied' || app.status === 'in_trade')
          await rebalanceParticipation(tx, app, accounts.get(app.currency)!.id, at);
        return { msg: 'order_cancelled' as const, data: trade.toWireRow(row, toI18nLang(input.lang)) };
      });
    },
  };
}

interface PlaceArgs {
  userId: bigint;
  app: DayTradeRow;
  input: InputOf<'dayTradeOrder'>;
  quantity: Decimal;
  price: Decimal;
  limit: Decimal | undefined;
  quote: { code: string; names: { en: string }; trade_date: string };
  at: Date;
}

/** The engine's placement statement in this transaction; its refusals as /trade/order answers them. */
async function placeWithEngine(tx: Tx, a: PlaceArgs): Promise<PositionRow> {
  const currency: Currency = a.app.currency;
  const texts = await readRuleTexts(tx);
  const rules = parseRules(texts);
  const leverage = a.app.multiple;
  const pending = a.limit !== undefined;
  const figures = openFigures(a.price, a.quantity, leverage, rules.feeRate, currency);
  const held = pending ? figures.margin.plus(figures.fee) : figures.margin;
  const fee = !pending && !figures.fee.isZero() ? figures.fee : undefined;
  const go = rules.leverages.includes(leverage) && !figures.margin.isZero();
  if (go) {
    checkMinorUnits(held, currency);
    if (fee) checkMinorUnits(fee, currency);
  }
  const orderNo = newOrderNo('T', a.at);
  const [row] = await refuseAccountOverdraft(() =>
    queryRows<PlacementRow>(
      tx,
      placementStatement({
        userId: a.userId,
        currency,
        go,
        rules: texts,
        needsAck: leverage > 1 || a.input.side === 'short',
        orderNo,
        at: a.at,
        hold: { amount: held.toFixed(), reason: pending ? 'order' : 'margin' },
        fee: fee?.toFixed(),
        memo: `day trade: open ${a.input.side} ${a.quote.code} ×${a.quantity.toFixed()} @ ${a.price.toFixed()}`,
        position: {
          market: a.app.market,
          code: a.quote.code,
          name: a.quote.names.en,
          direction: a.input.side,
          priceType: a.input.price_type,
          leverage,
          quantity: a.quantity.toFixed(),
          buyPrice: a.price.toFixed(),
          limitPrice: a.limit?.toFixed() ?? null,
          margin: figures.margin.toFixed(),
          fee: figures.fee.toFixed(),
          feeRate: rules.feeRate.toFixed(),
          status: pending ? STATUS.pending : STATUS.holding,
          openDate: pending ? null : a.quote.trade_date,
        },
      }),
    ),
  );
  if (!row) throw new BusinessError('account_not_found');
  if (row.id !== null && row.id !== undefined) return toPosition(row) as PositionRow;
  if (row.ctx_banned) throw new BusinessError('account_banned');
  if (row.ctx_frozen) throw new BusinessError('account_frozen');
  if (row.ctx_trade_disabled) throw tradingDisabled(row.ctx_restriction_reason);
  if (row.ctx_realname_status !== 'verified') throw realnameRefusal(row.ctx_realname_status);
  if (!rules.leverages.includes(leverage))
    throw new BusinessError('leverage_not_allowed', { values: { allowed: rules.leverages.join(', ') } });
  if ((leverage > 1 || a.input.side === 'short') && !row.ctx_acked) throw new BusinessError('risk_disclosure_required');
  if (figures.margin.isZero())
    throw new BusinessError('field_invalid', { field: 'quantity', values: { field: 'quantity' } });
  throw new BusinessError('insufficient_balance');
}
