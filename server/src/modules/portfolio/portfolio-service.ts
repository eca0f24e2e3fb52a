/**
 * The portfolio view (/trade/portfolio, docs/decisions/0025-portfolio-view.md): equity per currency at
 * each local day's end over the last `days` days, and P&L by market. Nothing is stored: every figure is
 * recomputed on each call from the ledger (the balance = available + held = the sum of the account's
 * journal entries) and the market data (each day's close from the provider's daily candles).
 *
 * Days are the local days of the currency's home market (JPY Tokyo, USD New York, CNY Shanghai); a day's
 * end is the next local midnight (today's: now). A position counts at a day's end when it was opened
 * before it and not closed by then; it is valued at the last daily close on or before that day.
 */
import type { PortfolioAnswer } from 'shared/contract';
import { Decimal, MARKET_CURRENCY, toWire, type Currency } from 'shared/money';
import type { Database } from '../../db/database';
import { dateOf, localTime, localToUtc, MARKET_IDS, type MarketId } from '../market/calendar';
import type { MarketDataProvider } from '../market/provider';
import { STATUS } from '../trade/trade-repository';
import { pnlOf } from '../trade/trade-math';
import { flowDays, ledgerDays, positionsSince, type LedgerDay, type PortfolioPosition } from './portfolio-repository';

export interface PortfolioContext {
  db: Database;
  now: () => Date;
  provider: MarketDataProvider;
}

/** A currency's window: its home market, the local days (oldest first) and each day's end (UTC ms). */
interface Window {
  market: MarketId;
  currency: Currency;
  dates: string[];
  ends: number[];
  /** UTC ms of the first day's start. */
  start: number;
}

const HOME: readonly MarketId[] = MARKET_IDS;

function windowOf(market: MarketId, days: number, now: number): Window {
  const today = localTime(market, now).day;
  const dates: string[] = [];
  const ends: number[] = [];
  for (let day = today - days + 1; day <= today; day += 1) {
    dates.push(dateOf(day));
    ends.push(Math.min(localToUtc(market, day + 1, 0), now));
  }
  return { market, currency: MARKET_CURRENCY[market], dates, ends, start: localToUtc(market, today - days + 1, 0) };
}

/** A closing-price lookup: the last daily close on or before a date (undefined before the first candle). */
function closesOf(provider: MarketDataProvider, market: MarketId, code: string, days: number) {
  // Calendar days outnumber trading days: `days` + a week of candles reach back past the window's start.
  const candles = provider.candles(market, code, 'day', days + 7) ?? [];
  return (date: string): string | undefined => {
    let close: string | undefined;
    for (const c of candles) {
      if (c.date > date) break;
      close = c.close;
    }
    return close;
  };
}

const openAt = (p: PortfolioPosition, end: number) =>
  p.openedAt.getTime() < end && (p.closedAt === null || p.closedAt.getTime() >= end);

interface DayFigures {
  date: string;
  balance: Decimal;
  unrealised: Decimal;
  equity: Decimal;
  /** Cash in (+) or out (−) that day (portfolio-repository flowDays). */
  flows: Decimal;
}

/**
 * Performance net of cash flows (issue 35, docs/decisions/0025): `days` is the range preceded by the day before it,
 * whose end equity is the start. Each point's `pnl` = equity − start − Σ flows since (a deposit is not a gain);
 * `twr` chains each day's return (equity − flows − the day before's equity) ÷ (the day before's equity + flows),
 * the flows counted at the day's start, over the days that had money to earn on (null when none had), in percent.
 */
export function performance(days: readonly DayFigures[]) {
  const [start, ...range] = days;
  let flowsSince = new Decimal(0);
  let growth = new Decimal(1);
  let measured = false;
  let before = start!.equity;
  const points = range.map((d) => {
    flowsSince = flowsSince.plus(d.flows);
    const base = before.plus(d.flows);
    if (base.gt(0)) {
      growth = growth.times(d.equity.minus(d.flows).minus(before).div(base).plus(1));
      measured = true;
    }
    before = d.equity;
    return {
      date: d.date,
      balance: toWire(d.balance),
      unrealised: toWire(d.unrealised),
      equity: toWire(d.equity),
      flows: toWire(d.flows),
      pnl: toWire(d.equity.minus(start!.equity).minus(flowsSince)),
    };
  });
  const twr = measured ? growth.minus(1).times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2) : null;
  return { points, twr };
}

/** A position's close on a date: the last daily close on or before it, else its buy price (candles read once). */
function closeLookup(provider: MarketDataProvider, days: number) {
  const lookups = new Map<string, (date: string) => string | undefined>();
  return (p: PortfolioPosition, date: string) => {
    const key = `${p.market}:${p.code}`;
    let lookup = lookups.get(key);
    if (!lookup) lookups.set(key, (lookup = closesOf(provider, p.market, p.code, days)));
    return lookup(date) ?? p.buyPrice;
  };
}

/** One currency's days: the balance and unrealised P&L at each day's end, the day's flows, and the performance. */
function seriesOf(
  w: Window,
  data: { ledger: LedgerDay[]; flows: LedgerDay[]; positions: PortfolioPosition[] },
  closeOf: (p: PortfolioPosition, date: string) => string,
) {
  const rows = data.ledger.filter((r) => r.currency === w.currency);
  const flowOf = new Map(data.flows.filter((f) => f.currency === w.currency).map((f) => [f.day, f.amount]));
  const mine = data.positions.filter((p) => p.currency === w.currency);
  let balance = new Decimal(0);
  let next = 0;
  const all = w.dates.map((date, i) => {
    while (next < rows.length && rows[next]!.day <= date) balance = balance.plus(rows[next++]!.amount);
    let unrealised = new Decimal(0);
    for (const p of mine)
      if (openAt(p, w.ends[i]!))
        unrealised = unrealised.plus(pnlOf(p.direction, p.buyPrice, closeOf(p, date), p.stockNum));
    return {
      date,
      balance,
      unrealised,
      equity: balance.plus(unrealised),
      flows: new Decimal(flowOf.get(date) ?? 0),
    };
  });
  return { currency: w.currency, ...performance(all) };
}

/** One market's P&L over the range: realised (gross, net), fees, unrealised at the last price; none if no position. */
function marketPnl(w: Window, positions: PortfolioPosition[], provider: MarketDataProvider) {
  // The range itself (without the day before it that the series measure from).
  w = { ...w, start: w.ends[0]! };
  const mine = positions.filter((p) => p.market === w.market);
  if (mine.length === 0) return [];
  let realised = new Decimal(0);
  let fees = new Decimal(0);
  let unrealised = new Decimal(0);
  let open = 0;
  let realisedNet = new Decimal(0);
  for (const p of mine) {
    if (p.openedAt.getTime() >= w.start) fees = fees.plus(p.fee);
    if (p.status === STATUS.closed && p.closedAt && p.closedAt.getTime() >= w.start) {
      realised = realised.plus(p.realisedPnl ?? 0);
      fees = fees.plus(p.closeFee ?? 0);
      realisedNet = realisedNet
        .plus(p.realisedPnl ?? 0)
        .minus(p.fee)
        .minus(p.closeFee ?? 0);
    }
    if (p.status === STATUS.holding || p.status === STATUS.closing) {
      open += 1;
      const price = provider.lastPrice(p.market, p.code) ?? p.buyPrice;
      unrealised = unrealised.plus(pnlOf(p.direction, p.buyPrice, price, p.stockNum));
    }
  }
  return [
    {
      market: w.market,
      currency: w.currency,
      realised: toWire(realised),
      realised_net: toWire(realisedNet),
      fees: toWire(fees),
      unrealised: toWire(unrealised),
      total: toWire(realised.minus(fees).plus(unrealised)),
      open_positions: open,
    },
  ];
}

/** /trade/portfolio: the equity series per currency over the last `days` days and the P&L by market. */
export async function portfolioOf(
  { db, now, provider }: PortfolioContext,
  userId: bigint,
  input: { days: number },
): Promise<PortfolioAnswer> {
  const at = now();
  const { days } = input;
  // One day more than asked: the day before the range gives the starting equity the performance is measured from.
  const windows = HOME.map((market) => windowOf(market, days + 1, at.getTime()));
  const since = new Date(Math.min(...windows.map((w) => w.start)));
  const floor = [...windows.map((w) => w.dates[0]!)].sort()[0]!;
  const data = await db.tx(async (tx) => ({
    ledger: await ledgerDays(tx, userId, floor),
    flows: await flowDays(tx, userId, floor),
    positions: await positionsSince(tx, userId, since),
  }));
  const closeOf = closeLookup(provider, days + 1);
  const series = windows.map((w) => seriesOf(w, data, closeOf));
  const byMarket = windows.flatMap((w) => marketPnl(w, data.positions, provider));
  return { days, as_of: at.toISOString(), series, by_market: byMarket, simulated: provider.simulated };
}

export function createPortfolioService(deps: PortfolioContext) {
  return {
    /** /trade/portfolio (portfolioOf). */
    portfolio: (userId: bigint, input: { days: number }): Promise<PortfolioAnswer> => portfolioOf(deps, userId, input),
  };
}

export type PortfolioService = ReturnType<typeof createPortfolioService>;
