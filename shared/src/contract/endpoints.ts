/**
 * The endpoint table: one entry per call under /api/vue/. The server registers routes from it and
 * validates with its schemas; clients are typed from it; /api/docs publishes it as OpenAPI.
 * Later slices append their endpoints here.
 */
import { z } from 'zod';
import { marketPayload } from './common';
import { langField } from './profile';
import { configList, configRequest } from './config';
import { loginData, loginRequest, registerRequest, userInfo } from './user';
import { creditList, holdingsAnswer, holdingsHistoryAnswer, newStockList, productList, withdrawalList } from './assets';
import { MONEY_ENDPOINTS } from './money-endpoints';
import { MARKET_ENDPOINTS } from './market-endpoints';
import { TRADE_ENDPOINTS } from './trade-endpoints';

export interface EndpointDef {
  /** Path under /api/vue, e.g. "/user/login". */
  path: string;
  /** Whether a valid session is required (every call except register, login and config). */
  auth: boolean;
  request: z.ZodTypeAny;
  /** Schema of `data` in a successful answer. */
  data: z.ZodTypeAny;
  summary: string;
  /** Multipart file parts (uploads); the other fields are validated by `request`. */
  files?: readonly string[];
  /** Message key answered when a part named in `files` is missing (e.g. id_images_required). */
  filesRequiredKey?: string;
  /** Money-moving call that honours an Idempotency-Key header (a retry replays the first answer). */
  idempotent?: boolean;
  /** Needs the admin role stored in the database (the is-admin header grants nothing). */
  admin?: boolean;
}

const empty = z.object({});
/** The holdings calls keep spec §7's `type` and may name the reader's language for stock names. */
const holdingsRequest = marketPayload.extend({ lang: langField });

export const ENDPOINTS = {
  config: {
    path: '/common/config',
    auth: false,
    request: configRequest,
    data: configList,
    summary: 'Site config entries (name, value)',
  },
  register: {
    path: '/user/register',
    auth: false,
    request: registerRequest,
    data: empty,
    summary: 'Register an account',
  },
  login: {
    path: '/user/login',
    auth: false,
    request: loginRequest,
    data: loginData,
    summary: 'Log in; answers the session token',
  },
  logout: { path: '/user/logout', auth: true, request: empty, data: empty, summary: 'Invalidate the session token' },
  userInfo: {
    path: '/user/getUserinfo',
    auth: true,
    request: marketPayload,
    data: userInfo,
    summary: 'Account and balances in the selected market',
  },
  newStockList: {
    path: '/trade/usernewstocklist',
    auth: true,
    request: marketPayload,
    data: newStockList,
    summary: 'The user’s new-share subscriptions',
  },
  withdrawalList: {
    path: '/user/withdrawallist',
    auth: true,
    request: marketPayload,
    data: withdrawalList,
    summary: 'The user’s withdrawals',
  },
  productList: {
    path: '/trade/userproductlist',
    auth: true,
    request: marketPayload,
    data: productList,
    summary: 'The user’s copy-trade orders',
  },
  creditList: {
    path: '/trade/ustockslist',
    auth: true,
    request: marketPayload,
    data: creditList,
    summary: 'The user’s credit-stock orders',
  },
  holdings: {
    path: '/trade/userstocklist',
    auth: true,
    request: holdingsRequest,
    data: holdingsAnswer,
    summary: 'Open holdings keyed by id, with ccsz and fdyk',
  },
  holdingsHistory: {
    path: '/trade/userstocklists',
    auth: true,
    request: holdingsRequest,
    data: holdingsHistoryAnswer,
    summary: 'Closed holdings with realised P&L lsyk',
  },
  ...MONEY_ENDPOINTS,
  ...MARKET_ENDPOINTS,
  ...TRADE_ENDPOINTS,
} as const satisfies Record<string, EndpointDef>;

export type EndpointName = keyof typeof ENDPOINTS;
export type RequestOf<N extends EndpointName> = z.input<(typeof ENDPOINTS)[N]['request']>;
export type DataOf<N extends EndpointName> = z.infer<(typeof ENDPOINTS)[N]['data']>;

/** Paths that answer without a session. */
export const PUBLIC_API_PATHS = Object.values(ENDPOINTS as Record<string, EndpointDef>)
  .filter((e) => !e.auth)
  .map((e) => e.path);
