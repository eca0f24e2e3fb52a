/**
 * The endpoint table: one entry per call under /api/vue/{area}/{action}. The server registers routes
 * from it and validates with its schemas; clients are typed from it; /api/docs publishes it as OpenAPI.
 * Each URL area keeps its endpoints and their request/answer schemas in areas/{area}.ts (an area
 * too big for one file is cut into areas/{area}-{part}.ts); ENDPOINTS merges them into one table.
 */
import { z } from 'zod';
import { COMMON_ENDPOINTS } from './areas/common';
import { USER_ENDPOINTS } from './areas/user';
import { USER_BANK_ENDPOINTS } from './areas/user-bank';
import { USER_ASSETS_ENDPOINTS } from './areas/user-assets';
import { FUNDS_ENDPOINTS } from './areas/funds';
import { TRADE_ENDPOINTS } from './areas/trade';
import { TRADE_ORDER_ENDPOINTS } from './areas/trade-orders';
import { TRADE_PREVIEW_ENDPOINTS } from './areas/trade-preview';
import { TRADE_HOLDINGS_ENDPOINTS } from './areas/trade-holdings';
import { STOCK_ENDPOINTS } from './areas/stock';
import { NEWS_ENDPOINTS } from './areas/news';
import { ADMIN_ENDPOINTS } from './areas/admin';
import { BLOCK_ADMIN_ENDPOINTS, BLOCK_ENDPOINTS } from './areas/block';
import { IPO_ENDPOINTS } from './areas/ipo';
import { ADMIN_IPO_ENDPOINTS } from './areas/ipo-admin';
import { ADMIN_USERS_ENDPOINTS } from './areas/admin-users';
import { COPYTRADE_ADMIN_ENDPOINTS, COPYTRADE_ENDPOINTS } from './areas/copy';
import { DAYTRADE_ADMIN_ENDPOINTS, DAYTRADE_ENDPOINTS } from './areas/daytrade';
import { ALERT_ENDPOINTS, WATCH_GROUP_ENDPOINTS } from './areas/alerts';
import { LENDING_ENDPOINTS } from './areas/lending';
import { SECURITY_ENDPOINTS } from './areas/security';

export interface EndpointDef {
  /** Path under /api/vue, e.g. "/user/login". */
  path: string;
  /** Whether a valid session is required (every call except register, login and config). */
  auth: boolean;
  request: z.ZodTypeAny;
  /** Schema of `data` in a successful answer. */
  data: z.ZodTypeAny;
  /**
   * A four-eyes endpoint (its `data` is `{four_eyes_id}`: it always waits for a second administrator): the schema
   * of what the change answers when approved, found in /admin/approve's `outcome.data`.
   */
  outcome?: z.ZodTypeAny;
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

export const ENDPOINTS = {
  ...COMMON_ENDPOINTS,
  ...USER_ENDPOINTS,
  ...USER_BANK_ENDPOINTS,
  ...USER_ASSETS_ENDPOINTS,
  ...FUNDS_ENDPOINTS,
  ...TRADE_HOLDINGS_ENDPOINTS,
  ...TRADE_ENDPOINTS,
  ...TRADE_ORDER_ENDPOINTS,
  ...TRADE_PREVIEW_ENDPOINTS,
  ...STOCK_ENDPOINTS,
  ...NEWS_ENDPOINTS,
  ...ADMIN_ENDPOINTS,
  ...BLOCK_ENDPOINTS,
  ...BLOCK_ADMIN_ENDPOINTS,
  ...IPO_ENDPOINTS,
  ...ADMIN_IPO_ENDPOINTS,
  ...ADMIN_USERS_ENDPOINTS,
  ...COPYTRADE_ENDPOINTS,
  ...COPYTRADE_ADMIN_ENDPOINTS,
  ...DAYTRADE_ENDPOINTS,
  ...DAYTRADE_ADMIN_ENDPOINTS,
  ...ALERT_ENDPOINTS,
  ...WATCH_GROUP_ENDPOINTS,
  ...LENDING_ENDPOINTS,
  ...SECURITY_ENDPOINTS,
} as const satisfies Record<string, EndpointDef>;

export type EndpointName = keyof typeof ENDPOINTS;
export type RequestOf<N extends EndpointName> = z.input<(typeof ENDPOINTS)[N]['request']>;
export type DataOf<N extends EndpointName> = z.infer<(typeof ENDPOINTS)[N]['data']>;

/** Paths that answer without a session. */
export const PUBLIC_API_PATHS = Object.values(ENDPOINTS as Record<string, EndpointDef>)
  .filter((e) => !e.auth)
  .map((e) => e.path);
