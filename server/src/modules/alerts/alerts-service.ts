/**
 * Price alerts (docs/decisions/0022-alerts-and-watchlist-groups.md): create (a stock the market data knows, at most
 * ALERT_MAX_ACTIVE active per user, counted under the user's row lock so concurrent creates cannot overshoot), list
 * (newest first, optionally one stock's) and delete (one's own only). Firing is the job's (alerts-job.ts).
 */
import { ALERT_MAX_ACTIVE, type AlertKind, type PriceAlert } from 'shared/contract';
import type { I18nLang } from 'shared/messages';
import { Decimal, MARKET_CURRENCY } from 'shared/money';
import type { Database } from '../../db/database';
import { BusinessError } from '../../errors';
import type { MarketId } from '../market/calendar';
import type { MarketDataProvider } from '../market/provider';
import { lockUser } from '../users/users-repository';
import { countActiveAlerts, deleteAlert, insertAlert, listAlerts, type AlertRow } from './alerts-repository';
import { iso } from '../wire/wire';

/** A numeric column's text without its trailing zeros ("150.00000000" → "150"). */
export const plainDecimal = (value: string): string => new Decimal(value).toFixed();

export function toPriceAlert(row: AlertRow, name: string): PriceAlert {
  return {
    id: Number(row.id),
    market: row.market,
    code: row.code,
    name,
    kind: row.kind,
    threshold: plainDecimal(row.threshold),
    currency: MARKET_CURRENCY[row.market],
    status: row.status,
    created_at: iso(row.createdAt),
    fired_at: row.firedAt === null ? null : iso(row.firedAt),
    fired_price: row.firedPrice === null ? null : plainDecimal(row.firedPrice),
    fired_change: row.firedChange === null ? null : plainDecimal(row.firedChange),
  };
}

export function createAlertsService(context: {
  db: Database;
  now: () => Date;
  provider: Pick<MarketDataProvider, 'quote' | 'nameOf'>;
}) {
  const { db, now, provider } = context;
  return {
    async create(userId: bigint, input: { market: MarketId; code: string; kind: AlertKind; threshold: string }) {
      const quote = provider.quote(input.market, input.code, 'en');
      if (!quote || quote.kind !== 'stock') throw new BusinessError('stock_not_found', { field: 'code' });
      const threshold = plainDecimal(input.threshold);
      return db.tx(async (tx) => {
        await lockUser(tx, userId);
        if ((await countActiveAlerts(tx, userId)) >= ALERT_MAX_ACTIVE)
          throw new BusinessError('alert_limit_reached', { values: { max: String(ALERT_MAX_ACTIVE) } });
        const id = await insertAlert(tx, userId, { ...input, code: quote.code, threshold }, now());
        return { id };
      });
    },
    async list(userId: bigint, input: { market?: MarketId; code?: string; lang: I18nLang }) {
      const stock = input.code ? { code: input.code, market: input.market } : { market: input.market };
      return db.tx(
        async (tx) => {
          const rows = await listAlerts(tx, userId, stock);
          const active = await countActiveAlerts(tx, userId);
          const list = rows.map((row) =>
            toPriceAlert(row, provider.nameOf(row.market, row.code, input.lang) ?? row.code),
          );
          return { list, active, max_active: ALERT_MAX_ACTIVE };
        },
        { readOnly: true },
      );
    },
    async remove(userId: bigint, id: number) {
      const removed = await db.tx((tx) => deleteAlert(tx, userId, id));
      if (!removed) throw new BusinessError('not_found');
    },
  };
}

export type AlertsService = ReturnType<typeof createAlertsService>;
