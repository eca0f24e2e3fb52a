/**
 * Price alerts and watchlist groups (issue 13 "Alerts and watchlist"; docs/decisions/0022), in the /stock/ area.
 *
 * A price alert watches one stock: `price_above` (the last price is at or above the threshold), `price_below` (at or
 * below), `change_beyond` (the day's change ratio, in percent, is at or beyond ±threshold). The server's alerts job
 * checks every active alert against the market data and fires each exactly once: it becomes `fired` with the price
 * and change ratio it fired at, an inbox message is stored in the user's language and an `alert` frame is pushed to
 * the user's open stream sockets. At most ALERT_MAX_ACTIVE active alerts per user.
 * /stock/alertCreate refusals: alert_threshold_required, alert_threshold_invalid (not a positive decimal with at most
 * 8 decimals, or a change beyond 100 %), alert_limit_reached {max}, stock_not_found.
 *
 * Watchlist groups: every watched stock is in one group; `group_id` 0 is the default group ("All" is the client's
 * view of every group). Deleting a group moves its stocks back to the default group. Stocks are ordered by the server
 * within their group; new stocks come first. /stock/watchGroupCreate refusals: watch_group_name_required,
 * watch_group_name_too_long {max}, watch_group_name_taken, watch_group_limit {max}.
 */
import { z } from 'zod';
import { formatMoney, parseDecimal } from '../../money';
import { decimalString, langField, marketType, plainString } from '../common';
import { empty, idAnswer, idField } from '../fields';
import { stockCode } from './stock';

export const ALERT_MAX_ACTIVE = 20;
export const ALERT_KINDS = ['price_above', 'price_below', 'change_beyond'] as const;
export const alertKind = z.enum(ALERT_KINDS, { error: 'field_invalid' });
export const ALERT_STATES = ['active', 'fired'] as const;

export const WATCH_GROUP_MAX = 10;
export const WATCH_GROUP_NAME_MAX = 20;

const marketField = marketType.default('jpy');

/** A positive decimal string with at most 8 decimals ("1234.5"); a change alert at most 100 (%). */
export const alertThreshold = plainString('alert_threshold_required')
  .trim()
  .min(1, 'alert_threshold_required')
  .regex(/^\d{1,12}(\.\d{1,8})?$/, 'alert_threshold_invalid')
  .refine((v) => /[1-9]/.test(v), 'alert_threshold_invalid');

export const alertCreateRequest = z
  .object({ code: stockCode, market: marketField, kind: alertKind, threshold: alertThreshold })
  .refine((v) => v.kind !== 'change_beyond' || Number(v.threshold.split('.')[0]) < 100 || v.threshold === '100', {
    message: 'alert_threshold_invalid',
    path: ['threshold'],
  });

/** /stock/alerts: the user's alerts, newest first; with `code` (and `market`) one stock's only. */
export const alertListRequest = z.object({
  code: stockCode.optional(),
  market: marketType.optional(),
  lang: langField,
});

export const priceAlert = z.object({
  id: z.number().int(),
  market: marketType,
  code: z.string(),
  /** The stock's name in the requested language. */
  name: z.string(),
  kind: alertKind,
  /** A price in the stock's currency, or a percent for change_beyond. */
  threshold: decimalString,
  currency: z.string(),
  status: z.enum(ALERT_STATES),
  created_at: z.string(),
  fired_at: z.string().nullable(),
  /** The last price and the day's change ratio (percent) when it fired. */
  fired_price: decimalString.nullable(),
  fired_change: decimalString.nullable(),
});
/** The `alert` frame of the stream: a fired alert, with the stock's name in every language. */
export const alertFired = z.object({
  id: z.number().int(),
  market: marketType,
  code: z.string(),
  names: z.object({ 'zh-CN': z.string(), en: z.string(), ja: z.string() }),
  kind: alertKind,
  threshold: decimalString,
  currency: z.string(),
  price: decimalString,
  change_ratio: decimalString,
  fired_at: z.string(),
});
export type AlertFired = z.infer<typeof alertFired>;

export const alertList = z.object({
  list: z.array(priceAlert),
  max_active: z.number().int(),
  active: z.number().int(),
});

export const alertDeleteRequest = z.object({ id: idField });

const groupName = plainString('watch_group_name_required')
  .trim()
  .min(1, 'watch_group_name_required')
  .max(WATCH_GROUP_NAME_MAX, 'watch_group_name_too_long');
/** 0 is the default group. */
const groupIdField = z.coerce.number({ error: 'field_invalid' }).int('field_invalid').min(0, 'field_invalid');

export const watchGroupsRequest = z.object({ lang: langField });
export const watchGroup = z.object({
  /** 0: the default group. */
  id: z.number().int(),
  /** Empty for the default group (clients show their own translated name). */
  name: z.string(),
  /** The group's stocks in the server-stored order. */
  items: z.array(z.object({ market: marketType, code: z.string() })),
});
export const watchGroups = z.object({ groups: z.array(watchGroup), max: z.number().int() });

export const watchGroupCreateRequest = z.object({ name: groupName });
export const watchGroupRenameRequest = z.object({ id: idField, name: groupName });
export const watchGroupDeleteRequest = z.object({ id: idField });
export const watchMoveRequest = z.object({ code: stockCode, market: marketField, group_id: groupIdField });
export const watchReorderRequest = z.object({
  code: stockCode,
  market: marketField,
  direction: z.enum(['up', 'down'], { error: 'field_invalid' }),
});

export type PriceAlert = z.infer<typeof priceAlert>;
export type AlertKind = z.infer<typeof alertKind>;
export type WatchGroup = z.infer<typeof watchGroup>;

export const ALERT_ENDPOINTS = {
  alertCreate: {
    path: '/stock/alertCreate',
    auth: true,
    request: alertCreateRequest,
    data: idAnswer,
    summary: 'Create a price alert on one stock (price at or above / at or below, daily change beyond ±N %)',
  },
  alertList: {
    path: '/stock/alerts',
    auth: true,
    request: alertListRequest,
    data: alertList,
    summary: 'The user’s price alerts (active and fired), optionally of one stock',
  },
  alertDelete: {
    path: '/stock/alertDelete',
    auth: true,
    request: alertDeleteRequest,
    data: empty,
    summary: 'Delete one of the user’s price alerts',
  },
} as const;

export const WATCH_GROUP_ENDPOINTS = {
  watchGroups: {
    path: '/stock/watchGroups',
    auth: true,
    request: watchGroupsRequest,
    data: watchGroups,
    summary: 'The watchlist’s groups (default first) with their stocks in order',
  },
  watchGroupCreate: {
    path: '/stock/watchGroupCreate',
    auth: true,
    request: watchGroupCreateRequest,
    data: idAnswer,
    summary: 'Create a watchlist group',
  },
  watchGroupRename: {
    path: '/stock/watchGroupRename',
    auth: true,
    request: watchGroupRenameRequest,
    data: empty,
    summary: 'Rename a watchlist group',
  },
  watchGroupDelete: {
    path: '/stock/watchGroupDelete',
    auth: true,
    request: watchGroupDeleteRequest,
    data: empty,
    summary: 'Delete a watchlist group; its stocks go back to the default group',
  },
  watchMove: {
    path: '/stock/watchMove',
    auth: true,
    request: watchMoveRequest,
    data: empty,
    summary: 'Move a watched stock to another group (0: the default group); it goes first there',
  },
  watchReorder: {
    path: '/stock/watchReorder',
    auth: true,
    request: watchReorderRequest,
    data: empty,
    summary: 'Move a watched stock one place up or down within its group',
  },
} as const;

/**
 * An alert's threshold as the screens and the inbox show it: a price grouped, with 2 decimals or as many as it was set
 * with (never rounded: "2,400.125" stays), like the quote; a percent (change_beyond) as set.
 */
export function alertThresholdText(kind: AlertKind, threshold: string): string {
  if (kind === 'change_beyond') return threshold;
  const value = parseDecimal(threshold);
  return value ? formatMoney(value, { decimals: Math.max(2, value.decimalPlaces()) }) : threshold;
}
