/**
 * Applying for day trading (docs/decisions/0019-day-trading.md): the participation is held as a ledger
 * hold (reason 'day_trade') and the application waits for the back office's review (daytrade-admin.ts).
 * One money transaction with the Idempotency-Key: the market allows day trading, the amount is at least
 * its minimum, the user may trade and acknowledged the risk disclosure, the fund password, and no other
 * live application of the user for the market's trade day.
 */
import { MARKET_CURRENCY } from 'shared/money';
import type { InputOf } from '../../contract-input';
import { BusinessError } from '../../errors';
import { assertNotTooFrequent } from '../../security/money-limiter';
import { newOrderNo } from '../common/order-no';
import { assertMayTrade } from '../common/user-checks';
import { lockUserAccounts, placeHold } from '../ledger/ledger-repository';
import { runIdempotent } from '../ledger/money-tx';
import type { MarketId } from '../market/calendar';
import { T_PLUS_ONE } from '../trade/t-plus-one';
import { formatAmount, userAmount } from '../wire/wire';
import type { DayTradeContext } from './daytrade-context';
import { insertDayTrade, liveDayTradeOn, readDayTradeRules } from './daytrade-repository';
import { dayTradeRiskCheck } from './daytrade-risk';
import { dayTradeToWire, tradeDayAt } from './daytrade-view';

/** The refusal of a market where day trading is impossible (China A-shares are T+1), or undefined. */
export function marketRefusal(market: MarketId, minimum: string | undefined): string | undefined {
  if (T_PLUS_ONE.has(market)) return 'day_trade_market_t_plus_one';
  return minimum === undefined ? 'day_trade_market_t_plus_one' : undefined;
}

/** /daytrade/apply: a day-trading application with its participation held. */
export async function applyForDayTrade(
  { db, now, fundPasswords }: Pick<DayTradeContext, 'db' | 'now' | 'fundPasswords'>,
  userId: bigint,
  input: InputOf<'dayTradeApply'>,
  key: string | undefined,
) {
  const fundPassword = await fundPasswords.claim(db, userId);
  return runIdempotent(
    db,
    {
      userId,
      key,
      endpoint: 'dayTradeApply',
      payload: { market: input.market, amount: input.amount },
      limit: () => assertNotTooFrequent(userId, 'dayTradeApply'),
      settle: fundPassword.settle,
    },
    async (tx) => {
      const at = now();
      const market = input.market;
      const currency = MARKET_CURRENCY[market];
      const rules = await readDayTradeRules(tx);
      const refusal = marketRefusal(market, rules.minimum[market]);
      if (refusal) throw new BusinessError(refusal as 'day_trade_market_t_plus_one', { field: 'market' });
      const amount = userAmount(input.amount, currency);
      const min = rules.minimum[market]!;
      if (amount.lessThan(min))
        throw new BusinessError('day_trade_min_participation', {
          field: 'amount',
          values: { min: formatAmount(min, currency) },
        });
      await assertMayTrade(tx, userId);
      await dayTradeRiskCheck.require(tx, userId);
      await fundPassword.verify(tx, input.fund_password);
      const day = tradeDayAt(market, at);
      const accounts = await lockUserAccounts(tx, userId, [currency]);
      // Under the account lock: a concurrent application of the same day waits and then sees this one.
      if (await liveDayTradeOn(tx, userId, market, day.tradeDate))
        throw new BusinessError('day_trade_already_applied', { values: { date: day.tradeDate } });
      const orderNo = newOrderNo('Y', at);
      const holdId = await placeHold(tx, {
        accountId: accounts.get(currency)!.id,
        currency,
        amount: amount.toFixed(),
        reason: 'day_trade',
        reference: orderNo,
        at,
      });
      const row = await insertDayTrade(tx, {
        userId,
        orderNo,
        market,
        currency,
        tradeDate: day.tradeDate,
        closesAt: day.closesAt,
        participation: amount.toFixed(),
        multiple: rules.multiple,
        status: 'submitted',
        holdId,
        createdAt: at,
      });
      return { msg: 'day_trade_applied' as const, data: dayTradeToWire(row) };
    },
  );
}
