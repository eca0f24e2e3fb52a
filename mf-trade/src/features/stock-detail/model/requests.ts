import type { Language } from 'shared/mf';
import { sessionMinutes } from '../chart/session-axis';
import { API_PERIOD, CANDLE_LIMIT, type ChartPeriod } from './periods';
import type { StockRef } from './stock-ref';

/**
 * The stock page's requests, made in one place: the screen's queries and the requests started with the navigation
 * (api/start-requests.ts) must ask with exactly the same arguments, or the screen would not find them.
 */

/** POST /stock/detail of a stock, names in the reader's language. */
export const detailRequest = (stock: StockRef, lang: Language) => ({ code: stock.code, market: stock.market, lang });

/** POST /stock/candles of a chart period: the whole last session's 1-minute bars for time-share, else CANDLE_LIMIT. */
export const candlesRequest = (stock: StockRef, period: ChartPeriod) => ({
  code: stock.code,
  market: stock.market,
  period: API_PERIOD[period],
  limit: period === 'timeShare' ? sessionMinutes(stock.market) : CANDLE_LIMIT,
});

/** The chart's period when the page opens. */
export const FIRST_PERIOD: ChartPeriod = 'day';
