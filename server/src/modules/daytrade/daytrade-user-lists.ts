/**
 * The investor's day-trading reads (docs/decisions/0019-day-trading.md): the terms and clock per market,
 * the records, and today's application per market with its positions. Read-only.
 */
import type { DayTrade } from 'shared/contract';
import type { I18nLang } from 'shared/messages';
import { Decimal, MARKET_CURRENCY, toWire } from 'shared/money';
import type { InputOf } from '../../contract-input';
import type { Tx } from '../../db/database';
import { getUserBalance } from '../ledger/ledger-repository';
import { dateOf, MARKET_IDS, marketClock } from '../market/calendar';
import { positionById, STATUS, type PositionRow } from '../trade/trade-repository';
import { toI18nLang } from '../wire/lang';
import { marketRefusal } from './daytrade-apply';
import type { DayTradeContext } from './daytrade-context';
import {
  exposureOf,
  listDayTrades,
  liveDayTradeOn,
  positionIdsOf,
  readDayTradeRules,
  resultOf,
  type DayTradeRow,
} from './daytrade-repository';
import { dayTradeRiskCheck } from './daytrade-risk';
import { dayTradeToWire, tradeDayAt } from './daytrade-view';

/** Live P&L of open positions at the last price (what /trade/position shows as yingkui). */
export function unrealisedOf(rows: readonly PositionRow[], wires: ReadonlyArray<{ yingkui: string }>): Decimal {
  return rows.reduce(
    (sum, row, i) =>
      row.status === STATUS.holding || row.status === STATUS.closing ? sum.plus(wires[i]?.yingkui ?? 0) : sum,
    new Decimal(0),
  );
}

/** Applications on the wire with their exposure, result so far and (for live ones) positions. */
export async function wireDayTrades(
  { trade }: Pick<DayTradeContext, 'trade'>,
  tx: Tx,
  rows: DayTradeRow[],
  lang: I18nLang,
) {
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
}

/** /daytrade/config: the terms, clock and available balance per market, and the risk disclosure's state. */
export async function dayTradeConfig(
  { db, now, provider }: Pick<DayTradeContext, 'db' | 'now' | 'provider'>,
  userId: bigint,
  input: InputOf<'dayTradeConfig'>,
) {
  void input;
  return db.tx(
    async (tx) => {
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
    },
    { readOnly: true },
  );
}

/** /daytrade/list: a page of the user's applications of one market and status (or all). */
export async function userDayTrades(
  deps: Pick<DayTradeContext, 'db' | 'trade'>,
  userId: bigint,
  input: InputOf<'dayTradeList'>,
) {
  const lang = toI18nLang(input.lang);
  return deps.db.tx(
    async (tx) => {
      const { rows, total } = await listDayTrades(tx, {
        userId,
        market: input.type,
        status: input.status === 'all' ? undefined : input.status,
        limit: input.size,
        offset: (input.page - 1) * input.size,
      });
      return { list: (await wireDayTrades(deps, tx, rows, lang)).map((w) => w.wire), total };
    },
    { readOnly: true },
  );
}

/** /daytrade/current: per market, the current trade day's application (if any) with its positions. */
export async function currentDayTrades(
  deps: Pick<DayTradeContext, 'db' | 'now' | 'trade'>,
  userId: bigint,
  input: InputOf<'dayTradeCurrent'>,
) {
  const lang = toI18nLang(input.lang);
  return deps.db.tx(
    async (tx) => {
      const at = deps.now();
      const answer = [];
      for (const market of MARKET_IDS) {
        const { tradeDate } = tradeDayAt(market, at);
        // After today's close the next trading day is current, unless today's is still being settled.
        const row =
          (await liveDayTradeOn(tx, userId, market, tradeDate)) ??
          (await liveDayTradeOn(tx, userId, market, dateOf(marketClock(market, at.getTime()).sessionDay)));
        const [wired] = row ? await wireDayTrades(deps, tx, [row], lang) : [];
        answer.push({
          market,
          trade_date: row?.tradeDate ?? tradeDate,
          application: wired?.wire ?? null,
          positions: wired?.positions ?? [],
        });
      }
      return answer;
    },
    { readOnly: true },
  );
}
