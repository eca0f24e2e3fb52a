/**
 * Endpoints of the issue "Markets and trading" (market data part). Merged into ENDPOINTS
 * (endpoints.ts). Every call needs a session, like every call except register, login and config.
 */
import { z } from 'zod';
import {
  stockCandles,
  stockCandlesRequest,
  stockDetailRequest,
  stockList,
  stockListRequest,
  stockSearch,
  stockSearchRequest,
  quote,
  watchRequest,
  watchlist,
  watchlistRequest,
} from './market';

const empty = z.object({});

export const MARKET_ENDPOINTS = {
  stockList: {
    path: '/stock/list',
    auth: true,
    request: stockListRequest,
    data: stockList,
    summary: 'Quotes of one market with sort and paging, plus its main index',
  },
  stockSearch: {
    path: '/stock/search',
    auth: true,
    request: stockSearchRequest,
    data: stockSearch,
    summary: 'Search by code or by name in zh-CN, en or ja',
  },
  stockDetail: {
    path: '/stock/detail',
    auth: true,
    request: stockDetailRequest,
    data: quote,
    summary: 'One quote with limits and market status',
  },
  stockCandles: {
    path: '/stock/candles',
    auth: true,
    request: stockCandlesRequest,
    data: stockCandles,
    summary: 'Candles of one period (1m time-share to year), oldest first',
  },
  watchlist: {
    path: '/stock/watchlist',
    auth: true,
    request: watchlistRequest,
    data: watchlist,
    summary: 'The user’s watchlist with quotes',
  },
  watchAdd: {
    path: '/stock/watchAdd',
    auth: true,
    request: watchRequest,
    data: empty,
    summary: 'Add a stock to the watchlist',
  },
  watchRemove: {
    path: '/stock/watchRemove',
    auth: true,
    request: watchRequest,
    data: empty,
    summary: 'Remove a stock from the watchlist',
  },
} as const;
