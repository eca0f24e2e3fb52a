/**
 * Orders and positions (issue "Markets and trading"; rules in docs/decisions/0009-trading-rules.md).
 *
 * Placement is ONE data-modifying statement (trade-repository.ts placementStatement): it reads the
 * user's flags, the rules and the risk acknowledgement and, only if they allow the order in that
 * same snapshot, freezes the money as a ledger hold (the hold's trigger locks the user's account
 * row and its CHECK refuses an overdraft: insufficient_balance), inserts the order row and, for a
 * market order, books the opening fee (user → the house fee-revenue shard of the user). Without an
 * Idempotency-Key it runs outside a transaction block (its own atomic commit: one round trip, the
 * shard row locked only until that commit); with one, the key's claim, the statement and the
 * stored answer are one transaction. Refusals that need no database (unknown stock, market closed,
 * price beyond the daily limit) are answered before it.
 *
 * Cancel and close are conditional UPDATEs (`WHERE status = …`): of two concurrent calls on one
 * order exactly one wins, the other answers order_not_holding. Closing sets "preparing to close";
 * the matcher (matcher.ts) fills it at market.
 */
import type { SQL } from 'drizzle-orm';
import type { I18nLang } from 'shared/messages';
import { Decimal, MARKET_CURRENCY, toWire, type Currency } from 'shared/money';
import type { Database, Tx } from '../../db/database';
import { queryRows } from '../../db/query';
import { BusinessError } from '../../errors';
import { newOrderNo } from '../common/order-no';
import { realnameRefusal, tradingDisabled } from '../common/user-checks';
import {
  checkMinorUnits,
  getUserBalance,
  refuseAccountOverdraft,
  lockUserAccounts,
  openUserAccounts,
  voidHold,
} from '../ledger/ledger-repository';
import { moneyStatement, moneyTx, runIdempotent } from '../ledger/money-tx';
import { marketClock, type MarketId } from '../market/calendar';
import { assertNotLent } from './lent-guard';
import { closableFrom, lockupDate, T_PLUS_ONE, tradeDateAt } from './t-plus-one';
import type { MarketDataProvider } from '../market/provider';
import { sessionOf, validUntilMax } from './order-session';
import { holdFigures, pricedOrder } from './order-pricing';
import type { InputOf } from '../../contract-input';
import { positionToWire } from './position-wire';
import { toI18nLang } from '../wire/lang';
import { fillNotice } from './fill-notice';
import { notify, type InboxNotice } from '../inbox/inbox-service';
import type { NoticeMailer } from '../mail/notice-mail';
import { createAddMargin } from './add-margin';
import { createOrderChanges } from './modify-order';
import { cancelPendingOrder, listUserPositions, requestClose } from './positions-repository';
import { isRiskAcknowledged } from '../risk-disclosure/risk-disclosure-service';
import {
  parseRules,
  placementStatement,
  positionById,
  readMarketOrderBuffer,
  readRules,
  STATUS,
  toPosition,
  type PlacementRow,
  type PositionRow,
  type RuleTexts,
  type TradeRules,
} from './trade-repository';

export interface TradeContext {
  db: Database;
  now: () => Date;
  provider: MarketDataProvider;
  /** Mails a market order's fill notice once the placement committed (issue 33 point 3). */
  notices?: NoticeMailer;
  log?: { error: (obj: object, msg: string) => void };
}

export type PlaceOrderInput = InputOf<'placeOrder'>;

export function createTradeService({ db, now, provider, notices, log }: TradeContext) {
  /** The maintenance ratio last read (the rules change rarely): values the liquidation price of answers. */
  let knownRatio: Decimal | undefined;
  /** An order or position on the wire; its margin figures with `maintenanceRatio` (default: the last read). */
  const toWireRow = (row: PositionRow, lang: I18nLang = 'zh-CN', maintenanceRatio = knownRatio) =>
    positionToWire(provider, row, lang, maintenanceRatio, now());
  /** Reads the trading rules in `tx` and remembers their maintenance ratio. */
  const rulesIn = async (tx: Tx) => {
    const rules = await readRules(tx);
    knownRatio = rules.maintenanceRatio;
    return rules;
  };

  /** The trading rules last read by a placement; a placement books only if they are still current. */
  let rulesCache: { texts: RuleTexts; rules: TradeRules } | undefined;

  /** The user's own order, or not_found (another user's order answers the same: nothing leaks). */

  const ownPosition = async (tx: Tx, userId: bigint, id: number, forUpdate = false) => {
    const row = await positionById(tx, id, { userId, forUpdate });
    if (!row) throw new BusinessError('not_found');
    return row;
  };

  return {
    toWireRow,

    /** /trade/addMargin (add-margin.ts): a whole amount more margin for a holding position. */
    addMargin: createAddMargin({ db, now, toWire: toWireRow }),

    /** /trade/modify and /trade/exits (modify-order.ts, issue 13). */
    ...createOrderChanges({ db, now, provider, toWire: (row, lang) => toWireRow(row, lang) }),

    async placeOrder(userId: bigint, input: PlaceOrderInput, key: string | undefined) {
      const at = now();
      // The checks and the hold price /trade/preview shows too (order-pricing.ts).
      const priced = await pricedOrder(provider, input, at, () =>
        db.tx((tx) => readMarketOrderBuffer(tx), { readOnly: true }),
      );
      const { quantity, currency, session, order, takeProfit, stopLoss, pending, validUntil, price } = priced;
      const { quote } = session;
      const { limit, trigger, orderType } = order;
      const orderNo = newOrderNo('T', at);
      // The language names the stock in the answer only: a retry in another language is the same order.
      const { lang, ...orderFields } = input;
      const payload = { ...orderFields, quantity: quantity.toFixed(), price: limit?.toFixed() ?? null };
      /** A market order filled now: its fill notice (fill-notice.ts) and the owner's e-mail. */
      let filled: { notice: InboxNotice; email: string | null } | undefined;
      /** Committed: the fill is mailed (never awaited; a failure is logged and changes nothing). */
      const tell = () => {
        if (filled) notices?.send(filled.email ?? undefined, filled.notice);
      };
      /**
       * One statement books the order (placementStatement): priced with the rules cached here, it
       * books only if, in its own snapshot, the user may trade and the rules still read as cached;
       * otherwise it books nothing and answers the current context, from which the refusal (in the
       * order below) or a repricing with fresh rules follows. Usually one round trip.
       */
      const place = async (exec: (query: SQL) => Promise<PlacementRow[]>, openAccount: () => Promise<void>) => {
        for (let attempt = 1; ; attempt += 1) {
          const cached = rulesCache;
          const rules = cached?.rules;
          const leverageOk = rules !== undefined && rules.leverages.includes(input.leverage);
          const { figures, held, feeNow: fee } = holdFigures(priced, input.leverage, rules?.feeRate ?? 0);
          const go = leverageOk && !figures.margin.isZero() && attempt <= 3;
          if (go) {
            checkMinorUnits(held, currency);
            if (fee) checkMinorUnits(fee, currency);
          }
          const notice = pending
            ? undefined
            : fillNotice(
                {
                  orderNo,
                  market: input.market,
                  code: quote.code,
                  name: quote.names.en,
                  currency,
                  direction: input.side,
                },
                { kind: 'open', price, quantity, fee: figures.fee, at },
                provider,
              );
          const [row] = await refuseAccountOverdraft(() =>
            exec(
              placementStatement({
                userId,
                currency,
                go,
                rules: cached?.texts,
                needsAck: input.leverage > 1 || input.side === 'short',
                orderNo,
                at,
                hold: { amount: held.toFixed(), reason: pending ? 'order' : 'margin' },
                fee: fee?.toFixed(),
                memo: `open ${input.side} ${quote.code} ×${quantity.toFixed()} @ ${price.toFixed()}`,
                position: {
                  market: input.market,
                  code: quote.code,
                  name: quote.names.en,
                  direction: input.side,
                  priceType: input.price_type,
                  leverage: input.leverage,
                  quantity: quantity.toFixed(),
                  buyPrice: price.toFixed(),
                  limitPrice: limit?.toFixed() ?? null,
                  margin: figures.margin.toFixed(),
                  fee: figures.fee.toFixed(),
                  feeRate: (rules?.feeRate ?? new Decimal(0)).toFixed(),
                  status: pending ? STATUS.pending : STATUS.holding,
                  openDate: pending ? null : quote.trade_date,
                  orderType,
                  triggerPrice: trigger?.toFixed() ?? null,
                  validUntil: pending ? validUntil : null,
                  takeProfit: takeProfit?.toFixed() ?? null,
                  stopLoss: stopLoss?.toFixed() ?? null,
                },
              }),
            ),
          );
          if (!row) throw new BusinessError('account_not_found');
          if (row.id !== null && row.id !== undefined) {
            filled = notice && { notice, email: row.ctx_email };
            return {
              msg: 'order_placed' as const,
              data: toWireRow(toPosition(row) as PositionRow, toI18nLang(lang), rules?.maintenanceRatio),
            };
          }
          // Nothing booked: the context of this snapshot says why.
          const texts: RuleTexts = {
            trade_leverages: row.trade_leverages,
            trade_fee_rate: row.trade_fee_rate,
            trade_maintenance_ratio: row.trade_maintenance_ratio,
            risk_disclosure_version: row.risk_disclosure_version,
          };
          const fresh = { texts, rules: parseRules(texts) };
          rulesCache = fresh;
          knownRatio = fresh.rules.maintenanceRatio;
          if (row.ctx_banned) throw new BusinessError('account_banned');
          if (row.ctx_frozen) throw new BusinessError('account_frozen');
          if (row.ctx_trade_disabled) throw tradingDisabled(row.ctx_restriction_reason);
          if (row.ctx_realname_status !== 'verified') throw realnameRefusal(row.ctx_realname_status);
          if (!fresh.rules.leverages.includes(input.leverage))
            throw new BusinessError('leverage_not_allowed', {
              field: 'leverage',
              values: { allowed: fresh.rules.leverages.join(', ') },
            });
          if ((input.leverage > 1 || input.side === 'short') && !row.ctx_acked)
            throw new BusinessError('risk_disclosure_required');
          if (figures.margin.isZero())
            throw new BusinessError('field_invalid', { field: 'quantity', values: { field: 'quantity' } });
          if (row.ctx_account_id === null) await openAccount();
          if (attempt > 3)
            throw new Error(`order placement for user ${userId} did not settle after ${attempt} attempts`);
        }
      };
      if (key === undefined) {
        // No key to claim: the statement runs on its own (its own atomic commit, one round trip).
        const answer = await moneyStatement(() =>
          place(
            (query) => db.statement<PlacementRow>(query),
            () => db.tx(async (tx) => openUserAccounts(tx, userId, [currency])),
          ),
        );
        // Booked: the fill goes to the inbox in a transaction of its own (the order stands whatever happens here).
        const told = filled;
        if (told)
          await db
            .tx((tx) => notify(tx, userId, told.notice, at))
            .catch((error: unknown) => log?.error({ err: error, order: orderNo }, 'fill notice not stored'));
        tell();
        return answer;
      }
      // With a key: claim it, book, store the fill notice and the answer, in one transaction (a replay does none).
      const answer = await runIdempotent(db, { userId, key, endpoint: 'placeOrder', payload }, async (tx) => {
        const placed = await place(
          (query) => queryRows<PlacementRow>(tx, query),
          () => openUserAccounts(tx, userId, [currency]),
        );
        if (filled) await notify(tx, userId, filled.notice, at);
        return placed;
      });
      tell();
      return answer;
    },

    /**
     * /trade/preview (issue 35): what placing `input` now would freeze and why, by the placement's own pricing
     * (order-pricing.ts) with the current rules; nothing is booked.
     */
    async previewOrder(userId: bigint, input: PlaceOrderInput) {
      const at = now();
      return db.tx(
        async (tx) => {
          const priced = await pricedOrder(provider, input, at, () => readMarketOrderBuffer(tx));
          const rules = await rulesIn(tx);
          if (!rules.leverages.includes(input.leverage))
            throw new BusinessError('leverage_not_allowed', {
              field: 'leverage',
              values: { allowed: rules.leverages.join(', ') },
            });
          const { figures, held, feeNow } = holdFigures(priced, input.leverage, rules.feeRate);
          if (figures.margin.isZero())
            throw new BusinessError('field_invalid', { field: 'quantity', values: { field: 'quantity' } });
          const { available } = await getUserBalance(tx, userId, priced.currency);
          const total = held.plus(feeNow ?? 0);
          return {
            currency: priced.currency,
            pending: priced.pending,
            basis: priced.basis,
            hold_price: toWire(priced.price),
            reference: toWire(priced.session.reference),
            buffer: priced.basis === 'buffer' ? toWire(priced.buffer) : null,
            quantity: priced.quantity.toFixed(),
            leverage: input.leverage,
            margin: toWire(figures.margin),
            fee: toWire(figures.fee),
            frozen: toWire(held),
            fee_paid: toWire(feeNow ?? 0),
            total: toWire(total),
            available: toWire(available),
            sufficient: new Decimal(available).gte(total),
          };
        },
        { readOnly: true },
      );
    },

    /** Cancels a pending limit order and releases its hold; the answer names the stock in `lang`. */
    async cancel(userId: bigint, id: number, lang: I18nLang = 'zh-CN') {
      return moneyTx(db, async (tx) => {
        const existing = await ownPosition(tx, userId, id);
        await lockUserAccounts(tx, userId, [existing.currency]);
        const at = now();
        const row = await cancelPendingOrder(tx, userId, BigInt(id), at);
        if (!row) throw new BusinessError('order_not_holding');
        if (!(await voidHold(tx, BigInt(row.holdId!), at)))
          throw new Error(`order ${row.orderNo}: hold ${row.holdId} was already resolved`);
        return { msg: 'order_cancelled' as const, data: toWireRow(row, lang) };
      });
    },

    /**
     * Sell application: holding → preparing to close (the matcher fills it at market). The answer (sell_success)
     * names the stock in `lang`, the reader's language, as every other answer of a position does.
     */
    async close(userId: bigint, id: number, lang: I18nLang = 'zh-CN') {
      return moneyTx(db, async (tx) => {
        const existing = await ownPosition(tx, userId, id, true);
        if (existing.status !== STATUS.holding) throw new BusinessError('order_not_holding');
        const at = now();
        const clock = marketClock(existing.market, at.getTime());
        if (clock.status !== 'open')
          throw new BusinessError('not_trading_time', {
            values: { opens: clock.nextOpen === undefined ? '-' : new Date(clock.nextOpen).toISOString() },
          });
        // A new share's lock-up (issue 11): no close before it ends; the refusal names the date.
        if (existing.closableFrom && at < existing.closableFrom)
          throw new BusinessError('lockup_until', {
            values: { date: lockupDate(existing.market, existing.closableFrom)! },
          });
        const from = closableFrom(existing.market, existing.openDate);
        if (from && tradeDateAt(existing.market, at) < from)
          throw new BusinessError('t1_cannot_sell', { values: { date: from } });
        // lent shares (docs/decisions/0023): recall first, or wait for the date they come back
        await assertNotLent(tx, existing.id, tradeDateAt(existing.market, at));
        const row = await requestClose(tx, userId, existing.id, at);
        if (!row) throw new BusinessError('order_not_holding');
        return { msg: 'sell_success' as const, data: toWireRow(row, lang, (await rulesIn(tx)).maintenanceRatio) };
      });
    },

    async position(userId: bigint, id: number, lang: I18nLang) {
      return db.tx(
        async (tx) => toWireRow(await ownPosition(tx, userId, id), lang, (await rulesIn(tx)).maintenanceRatio),
        { readOnly: true },
      );
    },

    async orders(userId: bigint, input: InputOf<'orders'>, lang: I18nLang) {
      const statuses = {
        pending: [3],
        cancelled: [4],
        filled: [0, 1, 2],
        open: [0, 1],
        closed: [2],
        all: [0, 1, 2, 3, 4],
      }[input.status];
      return db.tx(
        async (tx) => {
          const { rows, total } = await listUserPositions(tx, userId, input.market, statuses, {
            size: input.size,
            offset: (input.page - 1) * input.size,
          });
          const { maintenanceRatio } = await rulesIn(tx);
          return { list: rows.map((row) => toWireRow(row, lang, maintenanceRatio)), total };
        },
        { readOnly: true },
      );
    },

    async config(userId: bigint, market: MarketId) {
      const currency: Currency = MARKET_CURRENCY[market];
      return db.tx(
        async (tx) => {
          const rules = await rulesIn(tx);
          const balance = await getUserBalance(tx, userId, currency);
          const acknowledged = await isRiskAcknowledged(tx, userId, 'leverage');
          const at = now();
          const clock = marketClock(market, at.getTime());
          const session = sessionOf(market, at);
          return {
            market,
            currency,
            leverages: rules.leverages,
            fee_rate: rules.feeRate.toFixed(),
            maintenance_ratio: rules.maintenanceRatio.toFixed(),
            lot: 1,
            t_plus_one: T_PLUS_ONE.has(market),
            available: toWire(balance.available),
            market_status: clock.status,
            next_open: clock.nextOpen === undefined ? null : new Date(clock.nextOpen).toISOString(),
            order_session_date: session.tradeDate,
            valid_until_max: validUntilMax(session.day),
            risk_disclosure_version: rules.riskVersion,
            risk_acknowledged: acknowledged,
            simulated: provider.simulated,
          };
        },
        { readOnly: true },
      );
    },
  };
}

export type TradeService = ReturnType<typeof createTradeService>;
