/**
 * The default market-data provider: a deterministic simulator (docs/decisions/0008).
 *
 * - Price path (price-path.ts): daily closes as a seeded mean-reverting walk, each day's ticks as a
 *   Brownian bridge from its open to its close, snapped to the tick size inside the daily limit, and
 *   the live cursor through today's ticks. The same seed and clock always give the same ticks.
 * - Candles (candles.ts): 1-minute bars aggregated from ticks, every longer period from those.
 * - Here: quotes, list and search over the universe, candles and ticks by symbol, and the live loop
 *   (one step a second advances every open market's symbols to the injectable clock).
 */
import { performance } from 'node:perf_hooks';
import type { Candle, CandlePeriod, Quote, StockDepth } from 'shared/contract';
import { Decimal } from 'shared/money';
import type { I18nLang } from 'shared/messages';
import {
  CALENDARS,
  MARKET_IDS,
  dateOf,
  dayOfDate,
  marketClock,
  tickTime,
  ticksElapsed,
  type MarketId,
} from './calendar';
import { aggregateCandles, MinuteBarsCache } from './candles';
import { depthOf } from './depth';
import { centsText, divideHalfUp, priceString, tickSize } from './limits';
import { ListedSymbol, type Listing } from './listing-symbol';
import { advanceLive, dayOfOrdinal, ordinalOf, SimSymbol } from './price-path';
import { fnv1a } from './prng';
import type { ListOptions, MarketDataProvider, Tick } from './provider';
import { INDICES, STOCKS, findInstrument } from './universe';

export { HISTORY_START, dayOfOrdinal, ordinalOf } from './price-path';

// Module-level alias: jest's vm sandbox makes every global lookup in a hot loop slow.
const M = Math;

export interface SimulatorOptions {
  seed: string;
  /** The injectable clock (app config `now`). */
  now: () => Date;
}

export class MarketSimulator implements MarketDataProvider {
  readonly simulated = true;
  private readonly symbols = new Map<string, SimSymbol>();
  private readonly barsCache = new MinuteBarsCache();
  private readonly listeners = new Set<(ticks: Tick[]) => void>();
  private timer: NodeJS.Timeout | undefined;
  private warming: NodeJS.Immediate | undefined;
  private rewarm: NodeJS.Timeout | undefined;
  private readonly now: () => Date;
  private readonly seed: number;
  /** New listings by market (issue 11), in the order they were added. */
  private readonly listed = new Map<MarketId, ListedSymbol[]>();

  constructor(options: SimulatorOptions) {
    this.now = options.now;
    const seed = fnv1a(options.seed);
    this.seed = seed;
    for (const market of MARKET_IDS) {
      for (const instrument of [...STOCKS[market], INDICES[market]])
        this.symbols.set(`${market}:${instrument.code}`, new SimSymbol(instrument, seed));
    }
  }

  /** A symbol by code; a new listing only from its listing date's open (at the clock's time). */
  private symbol(market: MarketId, code: string, at = this.now().getTime()): SimSymbol | undefined {
    const instrument = findInstrument(market, code);
    const symbol = this.symbols.get(`${market}:${instrument?.code ?? code.toUpperCase()}`);
    return symbol && this.trades(symbol, at) ? symbol : undefined;
  }

  /** Whether the symbol trades at this time: always, except a new listing before its first day. */
  private trades(symbol: SimSymbol, at: number): boolean {
    if (symbol.firstOrdinal === 0) return true;
    const market = symbol.instrument.market;
    return ordinalOf(marketClock(market, at).sessionDay) >= symbol.firstOrdinal;
  }

  addListing(listing: Listing): boolean {
    const key = `${listing.market}:${listing.code.toUpperCase()}`;
    const existing = this.symbols.get(key);
    if (existing) return existing instanceof ListedSymbol;
    const symbol = new ListedSymbol({ ...listing, code: listing.code.toUpperCase() }, this.seed);
    this.symbols.set(key, symbol);
    this.listed.set(listing.market, [...(this.listed.get(listing.market) ?? []), symbol]);
    return true;
  }

  private toQuote(symbol: SimSymbol, lang: I18nLang, at: number): Quote {
    const { live, clock } = advanceLive(symbol, at);
    const { instrument, rule } = symbol;
    const s = live.summary;
    const prev = live.path.prevClose;
    const price = priceString(rule, s.close);
    const prevClose = priceString(rule, prev);
    const { change, ratio } = changeOf(price, prevClose);
    return {
      market: instrument.market,
      code: instrument.code,
      kind: instrument.kind,
      name: instrument.names[lang],
      names: instrument.names,
      currency: CALENDARS[instrument.market].currency,
      price,
      change,
      change_ratio: ratio,
      open: priceString(rule, s.open),
      prev_close: prevClose,
      high: priceString(rule, s.high),
      low: priceString(rule, s.low),
      volume: String(s.volume),
      amount: amountText(s.amountCents),
      limit_up: live.path.limits ? priceString(rule, live.path.limits.up) : null,
      limit_down: live.path.limits ? priceString(rule, live.path.limits.down) : null,
      tick_size: tickText(tickSize(rule, s.close)),
      lot: instrument.lot,
      trade_date: dateOf(dayOfOrdinal(live.ordinal)),
      status: clock.status,
      next_open: clock.nextOpen === undefined ? null : new Date(clock.nextOpen).toISOString(),
      time: new Date(s.lastTime).toISOString(),
      simulated: true,
    };
  }

  quote(market: MarketId, code: string, lang: I18nLang): Quote | undefined {
    const at = this.now().getTime();
    const symbol = this.symbol(market, code, at);
    return symbol && this.toQuote(symbol, lang, at);
  }

  depth(market: MarketId, code: string, at?: Quote): StockDepth | undefined {
    const symbol = this.symbol(market, code);
    if (!symbol || symbol.instrument.kind !== 'stock') return undefined;
    const quote = at ?? this.toQuote(symbol, 'en', this.now().getTime());
    const { instrument, rule, key, meanLots } = symbol;
    return depthOf({
      market,
      code: instrument.code,
      rule,
      key,
      lot: instrument.lot,
      meanLots,
      price: quote.price,
      limitUp: quote.limit_up,
      limitDown: quote.limit_down,
      status: quote.status,
      time: quote.time,
    });
  }

  sessionLimits(market: MarketId, code: string, tradeDate: string) {
    const symbol = this.symbol(market, code);
    if (!symbol) return undefined;
    const ordinal = ordinalOf(dayOfDate(tradeDate));
    const limits = symbol.limits(ordinal);
    const { rule } = symbol;
    return {
      limit_up: limits ? priceString(rule, limits.up) : null,
      limit_down: limits ? priceString(rule, limits.down) : null,
      prev_close: priceString(rule, symbol.prevClose(ordinal)),
    };
  }

  sessionOpen(market: MarketId, code: string, tradeDate: string): string | undefined {
    const at = this.now().getTime();
    const symbol = this.symbol(market, code, at);
    const day = dayOfDate(tradeDate);
    if (!symbol || at < tickTime(market, day, 0)) return undefined;
    return priceString(symbol.rule, symbol.open(ordinalOf(day)));
  }

  lastPrice(market: string, code: string): string | undefined {
    if (!(MARKET_IDS as readonly string[]).includes(market)) return undefined;
    return this.quote(market as MarketId, code, 'en')?.price;
  }

  nameOf(market: string, code: string, lang: I18nLang): string | undefined {
    if (!(MARKET_IDS as readonly string[]).includes(market)) return undefined;
    const instrument = findInstrument(market as MarketId, code) ?? this.symbols.get(`${market}:${code}`)?.instrument;
    return instrument?.names[lang];
  }

  list(market: MarketId, options: ListOptions): { list: Quote[]; total: number; index: Quote } {
    const at = this.now().getTime();
    const quotes = [
      ...STOCKS[market].map((instrument) => this.symbols.get(`${market}:${instrument.code}`)!),
      ...(this.listed.get(market) ?? []).filter((symbol) => this.trades(symbol, at)),
    ].map((symbol) => this.toQuote(symbol, options.lang, at));
    const sign = options.order === 'desc' ? -1 : 1;
    const value = (q: Quote): number => (options.sort === 'code' ? 0 : Number(q[options.sort]));
    quotes.sort((a, b) => {
      const byValue = options.sort === 'code' ? a.code.localeCompare(b.code) : value(a) - value(b);
      return byValue !== 0 ? sign * byValue : a.code.localeCompare(b.code);
    });
    const start = (options.page - 1) * options.size;
    return {
      list: quotes.slice(start, start + options.size),
      total: quotes.length,
      index: this.toQuote(this.symbols.get(`${market}:${INDICES[market].code}`)!, options.lang, at),
    };
  }

  search(q: string, market: MarketId | undefined, lang: I18nLang): Quote[] {
    const needle = q.normalize('NFKC').trim().toLowerCase();
    if (!needle) return [];
    const scored: Array<{ score: number; symbol: SimSymbol }> = [];
    const at = this.now().getTime();
    for (const symbol of this.symbols.values()) {
      const { instrument } = symbol;
      if ((market && instrument.market !== market) || !this.trades(symbol, at)) continue;
      const code = instrument.code.toLowerCase();
      let score = -1;
      if (code === needle) score = 0;
      else if (code.startsWith(needle)) score = 1;
      else if (Object.values(instrument.names).some((name) => name.normalize('NFKC').toLowerCase().includes(needle)))
        score = 2;
      if (score >= 0) scored.push({ score, symbol });
    }
    scored.sort((a, b) => a.score - b.score || a.symbol.instrument.code.localeCompare(b.symbol.instrument.code));
    return scored.slice(0, 20).map(({ symbol }) => this.toQuote(symbol, lang, at));
  }

  candles(market: MarketId, code: string, period: CandlePeriod, limit: number): Candle[] | undefined {
    const at = this.now().getTime();
    const symbol = this.symbol(market, code, at);
    if (!symbol) return undefined;
    const { live } = advanceLive(symbol, at);
    return aggregateCandles(symbol, live, period, limit, this.barsCache);
  }

  /**
   * The ticks of one local trading day that have happened by the clock's time (all of a past day).
   * For tests and audits: candles must equal the aggregation of exactly these.
   */
  dayTicks(market: MarketId, code: string, date: string): Array<{ time: number; price: number; volume: number }> {
    const symbol = this.symbol(market, code);
    if (!symbol) return [];
    const day = dayOfDate(date);
    const ordinal = ordinalOf(day);
    if (ordinal < 0 || dayOfOrdinal(ordinal) !== day) return [];
    const count = ticksElapsed(market, day, this.now().getTime());
    const path = symbol.path(ordinal);
    const ticks: Array<{ time: number; price: number; volume: number }> = [];
    for (let i = 0; i < count; i += 1)
      ticks.push({ time: tickTime(market, day, i), price: path.prices[i]!, volume: path.volumes[i]! });
    return ticks;
  }

  onTick(listener: (ticks: Tick[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** One step of the live loop: advances every open market's symbols to the clock and emits their last ticks. */
  step(): Tick[] {
    const at = this.now().getTime();
    const ticks: Tick[] = [];
    for (const symbol of this.symbols.values()) {
      const market = symbol.instrument.market;
      if (marketClock(market, at).status !== 'open' || !this.trades(symbol, at)) continue;
      const { live, newTicks } = advanceLive(symbol, at);
      if (newTicks === 0) continue;
      let volume = 0;
      for (let i = live.cursor - newTicks; i < live.cursor; i += 1) volume += live.path.volumes[i]!;
      ticks.push({
        market,
        code: symbol.instrument.code,
        price: priceString(symbol.rule, live.summary.close),
        volume: String(volume),
        time: live.summary.lastTime,
      });
    }
    if (ticks.length > 0) for (const listener of this.listeners) listener(ticks);
    return ticks;
  }

  start(): void {
    if (this.timer) return;
    // Just after each whole second of the app clock (when a new tick exists), not every 1000 ms
    // from whenever: an interval drifts later under load and then merges two seconds into one.
    const schedule = (): void => {
      const ms = this.now().getTime();
      this.timer = setTimeout(
        () => {
          this.step();
          if (this.timer) schedule();
        },
        1000 - (((ms % 1000) + 1000) % 1000) + 2,
      );
      this.timer.unref();
    };
    schedule();
    this.warm();
    // Again every minute: a new trading day is computed in the background too, not in a request.
    this.rewarm = setInterval(() => this.warm(), 60_000);
    this.rewarm.unref();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.rewarm) clearInterval(this.rewarm);
    this.timer = undefined;
    this.rewarm = undefined;
    if (this.warming) clearImmediate(this.warming);
    this.warming = undefined;
  }

  /**
   * Computes, in the background, what the first quote of the day would otherwise compute inside a
   * request (each symbol's closes since HISTORY_START and today's tick path: about 0.7 s for all of
   * them): a few symbols per turn of the event loop (setImmediate), so requests and sockets are
   * served in between. It is the same advance a quote call makes, so no answer changes.
   */
  warm(): void {
    if (this.warming) return;
    const symbols = [...this.symbols.values()];
    let next = 0;
    const chunk = (): void => {
      this.warming = undefined;
      const at = this.now().getTime();
      const started = performance.now();
      // About 10 ms of work per turn.
      while (next < symbols.length && performance.now() - started < 10) {
        try {
          advanceLive(symbols[next]!, at);
        } catch {
          // A clock before the simulated history: quotes answer that themselves.
          return;
        }
        next += 1;
      }
      if (next < symbols.length) this.warming = setImmediate(chunk);
    };
    this.warming = setImmediate(chunk);
  }
}

function decimals(text: string): number {
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

/** Hundredths of a price string with at most two decimals (what priceString prints). */
function centsOf(text: string): number {
  const places = decimals(text);
  return Number.parseInt(text.replace('.', ''), 10) * (places === 0 ? 100 : places === 1 ? 10 : 1);
}

/**
 * The change from the previous close (at the finer of the two prices' decimals) and its percentage (two decimals,
 * half up), in integer hundredths: what decimal.js answers from the two strings, without building Decimals for
 * every code every second. Figures beyond 2^53 hundredths go through decimal.js.
 */
export function changeOf(price: string, prevClose: string): { change: string; ratio: string } {
  const places = M.max(decimals(price), decimals(prevClose));
  const cents = centsOf(price) - centsOf(prevClose);
  const prevCents = centsOf(prevClose);
  const basisPoints = cents * 10_000;
  if (places <= 2 && prevCents > 0 && Number.isSafeInteger(basisPoints) && Number.isSafeInteger(prevCents)) {
    return { change: centsText(cents, places), ratio: centsText(divideHalfUp(basisPoints, prevCents), 2) };
  }
  const change = new Decimal(price).minus(prevClose);
  return {
    change: change.toFixed(places),
    ratio: change.div(prevClose).times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2),
  };
}

/** A day's traded amount from its whole hundredths. */
function amountText(amountCents: number): string {
  return Number.isSafeInteger(amountCents) ? centsText(amountCents, 2) : new Decimal(amountCents).div(100).toFixed(2);
}

const TICK_TEXT = new Map<number, string>();
/** A tick size as decimal.js prints it (a handful of table values, each made once). */
function tickText(tick: number): string {
  let text = TICK_TEXT.get(tick);
  if (text === undefined) {
    text = new Decimal(tick).toString();
    TICK_TEXT.set(tick, text);
  }
  return text;
}
