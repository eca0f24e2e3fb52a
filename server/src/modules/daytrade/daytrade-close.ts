/**
 * Closing a day-trade position (docs/decisions/0019-day-trading.md): only a position of a day-trading
 * application, and only the user's own; the close itself is the trade engine's.
 */
import type { InputOf } from '../../contract-input';
import { BusinessError } from '../../errors';
import { positionById } from '../trade/trade-repository';
import { toI18nLang } from '../wire/lang';
import type { DayTradeContext } from './daytrade-context';
import { dayTradeIdOfPosition } from './daytrade-repository';

/** Closes a day-trade position at market (the trade engine's close: the matcher settles it). */
export async function closeDayTradePosition(
  { db, trade }: Pick<DayTradeContext, 'db' | 'trade'>,
  userId: bigint,
  input: InputOf<'dayTradeClose'>,
) {
  const tagged = await db.tx(
    async (tx) =>
      (await dayTradeIdOfPosition(tx, BigInt(input.id))) !== undefined &&
      (await positionById(tx, input.id, { userId })) !== undefined,
    { readOnly: true },
  );
  if (!tagged) throw new BusinessError('not_found');
  return trade.close(userId, input.id, toI18nLang(input.lang));
}
