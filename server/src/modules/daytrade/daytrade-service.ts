/**
 * Day trading for the investor (docs/decisions/0019-day-trading.md): the terms and clock per market,
 * an application (the participation held as a ledger hold, reason 'day_trade', pending review), the
 * records, today's application per market with its positions, and close of a day-trade position (the
 * trade engine's close). Orders are daytrade-orders.ts; reviews daytrade-admin.ts; the settlement at
 * the close daytrade-settlement.ts.
 */
import type { DayTrade } from 'shared/contract';
import type { I18nLang } from 'shared/messages';
import { Decimal, MARKET_CURRENCY, toWire } from 'shared/money';
import type { InputOf } from '../../contract-input';
import type { Database, Tx } from '../../db/database';
import { BusinessError } from '../../errors';
import { assertNotTooFrequent } from '../../security/money-limiter';
import { newOrderNo } from '../common/order-no';
import { getUserBalance, lockUserAccounts, placeHold } from '../ledger/ledger-repository';
import { runIdempotent } from '../ledger/money-tx';
import { dateOf, MARKET_IDS, marketClock, type MarketId } from '../market/calendar';
import type { MarketDataProvider } from '../market/provider';
import type { FundPasswordGuard } from '../passwords/fund-password-guard';
import { T_PLUS_ONE } from '../trade/t-plus-one';
import { positionById, STATUS, type PositionRow } from '../trade/trade-repository';
import type { TradeService } from '../trade/trade-service';
import { assertMayTrade } from '../common/user-checks';
import { formatAmount, userAmount } from '../wire/wire';
import { toI18nLang } from '../wire/lang';
import {
  dayTradeIdOfPosition,
  exposureOf,
  insertDayTrade,
  listDayTrades,
  liveDayTradeOn,
  positionIdsOf,
  readDayTradeRules,
  resultOf,
  type DayTradeRow,
} from './daytrade-repository';
import { dayTradeToWire, tradeDayAt } from './daytrade-view';
import { dayTradeRiskCheck } from './daytrade-risk';

export interface DayTradeContext {
  db: Database;
  now: () => Date;
  provider: MarketDataProvider;
  fundPasswords: FundPasswordGuard;
  trade: TradeService;
}

/** The refusal of a market where day trading is impossible (China A-shares are T+1), or undefined. */
export function marketRefusal(market: MarketId, minimum: string | undefined): string | undefined {
  if (T_PLUS_ONE.has(market)) return 'day_trade_market_t_plus_one';
  return minimum === undefined ? 'day_trade_market_t_plus_one' : undefined;
}

/** Live P&L of open positions at the last price (what /trade/position shows as yingkui). */
export function unrealisedOf(rows: readonly PositionRow[], wires: ReadonlyArray<{ yingkui: string }>): Decimal {
  return rows.reduce(
    (sum, row, i) =>
      row.status === STATUS.holding || row.status === STATUS.closing ? sum.plus(wires[i]?.yingkui ?? 0) : sum,
    new Decimal(0),
  );
}

export function createDayTradeService({ db, now, provider, fundPasswords, trade }: DayTradeContext) {
  const read = <T>(fn: (tx: Tx) => Promise<T>) => db.tx(fn, { readOnly: true });

  /** Applications on the wire with their exposure, result so far and (for live ones) positions. */
  const wireMany = async (tx: Tx, rows: DayTradeRow[], lang: I18nLang) => {
    const ids = rows.map((r) => r.id);
    const exposure = await exposureOf(tx, ids);
    const results = await resultOf(tx, ids);
    const positions = await positionIdsOf(tx, ids);
    return Promise.all(
      rows.map(async (row) => {
        const mine = positions.filter((p) => p.dayTradeId === row.id);
        const posRows = (await Promise.all(mine.map((p) => positionById(tx, p.id)))).filter(
          (p): p is PositionRow => p !== undefined,
        );
        const wires = posRows.map((p) => trade.toWireRow(p, lang));
        const unrealised = row.status === 'filled' ? 0 : unrealisedOf(posRows, wires);
        const wire: DayTrade = dayTradeToWire(row, exposure.get(row.id), results.get(row.id), unrealised);
        return { wire, positions: wires };
      }),
    );
  };

  return {
    wireMany,

    async config(userId: bigint, input: InputOf<'dayTradeConfig'>) {
      void input;
      return read(async (tx) => {
        const rules = await readDayTradeRules(tx);
        const at = now();
        const markets = [];
        for (const market of MARKET_IDS) {
          const currency = MARKET_CURRENCY[market];
          const refusal = marketRefusal(market, rules.minimum[market]);
          const day = tradeDayAt(market, at);
          const balance = await getUserBalance(tx, userId, currency);
          markets.push({
            market,
            currency,
            allowed: refusal === undefined,
            refusal: refusal ?? null,
            min_participation: toWire(rules.minimum[market] ?? '0'),
            trade_date: day.tradeDate,
            market_status: marketClock(market, at.getTime()).status,
            session_opens: day.opensAt.toISOString(),
            session_closes: day.closesAt.toISOString(),
            available: toWire(balance.available),
          });
        }
        const risk = await dayTradeRiskCheck.state(tx, userId);
        return {
          multiple: String(rules.multiple),
          markets,
          risk_disclosure_required: risk.required,
          risk_acknowledged: risk.acknowledged,
          simulated: provider.simulated,
        };
      });
    },

    async apply(userId: bigint, input: InputOf<'dayTradeApply'>, key: string | undefined) {
      const fundPassword = await fundPasswords.claim(db, userId);
      return runIdempotent(
        db,
        {
          userId,
          key,
          endpoint: 'dayTradeApply',
          payload: { market: input.market, amount: input.amount },
          limit: () => assertNotTooFrequent(userId, 'dayTradeApply'),
          settle: fundPassword.settle,
        },
        async (tx) => {
          const at = now();
          const market = input.market;
          const currency = MARKET_CURRENCY[market];
          const rules = await readDayTradeRules(tx);
          const refusal = marketRefusal(market, rules.minimum[market]);
          if (refusal) throw new BusinessError(refusal as 'day_trade_market_t_plus_one', { field: 'market' });
          const amount = userAmount(input.amount, currency);
          const min = rules.minimum[market]!;
          if (amount.lessThan(min))
            throw new BusinessError('day_trade_min_participation', {
              field: 'amount',
              values: { min: formatAmount(min, currency) },
            });
          await assertMayTrade(tx, userId);
          await dayTradeRiskCheck.require(tx, userId);
          await fundPassword.verify(tx, input.fund_password);
          const day = tradeDayAt(market, at);
          const accounts = await lockUserAccounts(tx, userId, [currency]);
          // Under the account lock: a concurrent application of the same day waits and then sees this one.
          if (await liveDayTradeOn(tx, userId, market, day.tradeDate))
            throw new BusinessError('day_trade_already_applied', { values: { date: day.tradeDate } });
          const orderNo = newOrderNo('Y', at);
          const holdId = await placeHold(tx, {
            accountId: accounts.get(currency)!.id,
            currency,
            amount: amount.toFixed(),
            reason: 'day_trade',
            reference: orderNo,
            at,
          });
          const row = await insertDayTrade(tx, {
            userId,
            orderNo,
            market,
            currency,
            tradeDate: day.tradeDate,
            closesAt: day.closesAt,
            participation: amount.toFixed(),
            multiple: rules.multiple,
            status: 'submitted',
            holdId,
            createdAt: at,
          });
          return { msg: 'day_trade_applied' as const, data: dayTradeToWire(row) };
        },
      );
    },

    async list(userId: bigint, input: InputOf<'dayTradeList'>) {
      const lang = toI18nLang(input.lang);
      return read(async (tx) => {
        const { rows, total } = await listDayTrades(tx, {
          userId,
          market: input.type,
          status: input.status === 'all' ? undefined : input.status,
          limit: input.size,
          offset: (input.page - 1) * input.size,
        });
        return { list: (await wireMany(tx, rows, lang)).map((w) => w.wire), total };
      });
    },

    async current(userId: bigint, input: InputOf<'dayTradeCurrent'>) {
      const lang = toI18nLang(input.lang);
      return read(async (tx) => {
        const at = now();
        const answer = [];
        for (const market of MARKET_IDS) {
          const { tradeDate } = tradeDayAt(market, at);
          // After today's close the next trading day is current, unless today's is still being settled.
          const row =
            (await liveDayTradeOn(tx, userId, market, tradeDate)) ??
            (await liveDayTradeOn(tx, userId, market, dateOf(marketClock(market, at.getTime()).sessionDay)));
          const [wired] = row ? await wireMany(tx, [row], lang) : [];
          answer.push({
            market,
            trade_date: row?.tradeDate ?? tradeDate,
            application: wired?.wire ?? null,
            positions: wired?.positions ?? [],
          });
        }
        return answer;
      });
    },

    /** Closes a day-trade position at market (the trade engine's close: the matcher settles it). */
    async close(userId: bigint, input: InputOf<'dayTradeClose'>) {
      const tagged = await read(
        async (tx) =>
          (await dayTradeIdOfPosition(tx, BigInt(input.id))) !== undefined &&
          (await positionById(tx, input.id, { userId })) !== undefined,
      );
      if (!tagged) throw new BusinessError('not_found');
      return trade.close(userId, input.id, toI18nLang(input.lang));
    },
  };
}

export type DayTradeService = ReturnType<typeof createDayTradeService>;
