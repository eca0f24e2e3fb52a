/**
 * Day trading for the investor (docs/decisions/0019-day-trading.md): the terms and clock per market,
 * an application (the participation held as a ledger hold, reason 'day_trade', pending review), the
 * records, today's application per market with its positions, and close of a day-trade position (the
 * trade engine's close). Orders are daytrade-orders.ts; reviews daytrade-admin.ts; the settlement at
 * the close daytrade-settlement.ts.
 *
 * Applying is daytrade-apply.ts, the reads daytrade-user-lists.ts, the close daytrade-close.ts; this
 * factory wires the use cases.
 */
import type { I18nLang } from 'shared/messages';
import type { InputOf } from '../../contract-input';
import type { Tx } from '../../db/database';
import { applyForDayTrade } from './daytrade-apply';
import { closeDayTradePosition } from './daytrade-close';
import type { DayTradeContext } from './daytrade-context';
import type { DayTradeRow } from './daytrade-repository';
import { currentDayTrades, dayTradeConfig, userDayTrades, wireDayTrades } from './daytrade-user-lists';

export type { DayTradeContext } from './daytrade-context';

export function createDayTradeService(deps: DayTradeContext) {
  return {
    wireMany: (tx: Tx, rows: DayTradeRow[], lang: I18nLang) => wireDayTrades(deps, tx, rows, lang),

    config: (userId: bigint, input: InputOf<'dayTradeConfig'>) => dayTradeConfig(deps, userId, input),

    apply: (userId: bigint, input: InputOf<'dayTradeApply'>, key: string | undefined) =>
      applyForDayTrade(deps, userId, input, key),

    list: (userId: bigint, input: InputOf<'dayTradeList'>) => userDayTrades(deps, userId, input),

    current: (userId: bigint, input: InputOf<'dayTradeCurrent'>) => currentDayTrades(deps, userId, input),

    /** Closes a day-trade position at market (the trade engine's close: the matcher settles it). */
    close: (userId: bigint, input: InputOf<'dayTradeClose'>) => closeDayTradePosition(deps, userId, input),
  };
}

export type DayTradeService = ReturnType<typeof createDayTradeService>;
