/**
 * /trade/cancel and /trade/close. Cancel and close are conditional UPDATEs (`WHERE status = …`): of two
 * concurrent calls on one order exactly one wins, the other answers order_not_holding. Closing sets "preparing to
 * close"; the matcher (matcher.ts) fills it at market.
 */
import type { I18nLang } from 'shared/messages';
import { BusinessError } from '../../errors';
import { lockUserAccounts, voidHold } from '../ledger/ledger-repository';
import { moneyTx } from '../ledger/money-tx';
import { marketClock } from '../market/calendar';
import { assertNotLent } from './lent-guard';
import { cancelPendingOrder, requestClose } from './positions-repository';
import { closableFrom, lockupDate, tradeDateAt } from './t-plus-one';
import { ownPosition, rulesIn, wireRow, type TradeDeps } from './trade-context';
import { STATUS } from './trade-repository';

/** Cancels a pending limit order and releases its hold; the answer names the stock in `lang`. */
export async function cancelOrder(deps: TradeDeps, userId: bigint, id: number, lang: I18nLang = 'zh-CN') {
  return moneyTx(deps.db, async (tx) => {
    const existing = await ownPosition(tx, userId, id);
    await lockUserAccounts(tx, userId, [existing.currency]);
    const at = deps.now();
    const row = await cancelPendingOrder(tx, userId, BigInt(id), at);
    if (!row) throw new BusinessError('order_not_holding');
    if (!(await voidHold(tx, BigInt(row.holdId!), at)))
      throw new Error(`order ${row.orderNo}: hold ${row.holdId} was already resolved`);
    return { msg: 'order_cancelled' as const, data: wireRow(deps, row, lang) };
  });
}

/**
 * Sell application: holding → preparing to close (the matcher fills it at market). The answer (sell_success)
 * names the stock in `lang`, the reader's language, as every other answer of a position does.
 */
export async function closePosition(deps: TradeDeps, userId: bigint, id: number, lang: I18nLang = 'zh-CN') {
  return moneyTx(deps.db, async (tx) => {
    const existing = await ownPosition(tx, userId, id, true);
    if (existing.status !== STATUS.holding) throw new BusinessError('order_not_holding');
    const at = deps.now();
    const clock = marketClock(existing.market, at.getTime());
    if (clock.status !== 'open')
      throw new BusinessError('not_trading_time', {
        values: { opens: clock.nextOpen === undefined ? '-' : new Date(clock.nextOpen).toISOString() },
      });
    // A new share's lock-up (issue 11): no close before it ends; the refusal names the date.
    if (existing.closableFrom && at < existing.closableFrom)
      throw new BusinessError('lockup_until', {
        values: { date: lockupDate(existing.market, existing.closableFrom)! },
      });
    const from = closableFrom(existing.market, existing.openDate);
    if (from && tradeDateAt(existing.market, at) < from)
      throw new BusinessError('t1_cannot_sell', { values: { date: from } });
    // lent shares (docs/decisions/0023): recall first, or wait for the date they come back
    await assertNotLent(tx, existing.id, tradeDateAt(existing.market, at));
    const row = await requestClose(tx, userId, existing.id, at);
    if (!row) throw new BusinessError('order_not_holding');
    return { msg: 'sell_success' as const, data: wireRow(deps, row, lang, (await rulesIn(deps, tx)).maintenanceRatio) };
  });
}
