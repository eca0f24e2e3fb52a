/**
 * Day trading's clock and wire: the trade date an application made now is for (today while today's
 * session has not closed, else the next trading day) with its session bounds, and an application as
 * /daytrade/* answers it, its used allowance and P&L computed from its positions.
 */
import type { DayTrade } from 'shared/contract';
import { Decimal } from 'shared/money';
import { dateOf, isTradingDay, localTime, nextTradingDay, sessionParts, type MarketId } from '../market/calendar';
import { iso, wire } from '../wire/wire';
import type { DayResult, DayTradeRow, Exposure } from './daytrade-repository';

export interface TradeDay {
  tradeDate: string;
  opensAt: Date;
  closesAt: Date;
}

/** The trading day an application made at `at` is for, and its first session start and last session end. */
export function tradeDayAt(market: MarketId, at: Date): TradeDay {
  const { day } = localTime(market, at.getTime());
  const today = isTradingDay(day) ? sessionParts(market, day) : undefined;
  const target = today && at.getTime() < today[today.length - 1]!.end ? day : nextTradingDay(day);
  const parts = sessionParts(market, target);
  return {
    tradeDate: dateOf(target),
    opensAt: new Date(parts[0]!.start),
    closesAt: new Date(parts[parts.length - 1]!.end),
  };
}

const ZERO_EXPOSURE: Exposure = { used: '0', held: '0' };
const ZERO_RESULT: DayResult = { realised: '0', fees: '0', protection: '0' };

/** An application on the wire; `unrealised` is the open positions' live P&L (0 once settled). */
export function dayTradeToWire(
  row: DayTradeRow,
  exposure: Exposure = ZERO_EXPOSURE,
  result: DayResult = ZERO_RESULT,
  unrealised: Decimal.Value = 0,
): DayTrade {
  const allowance = new Decimal(row.participation).times(row.multiple);
  const live = row.status === 'applied' || row.status === 'in_trade';
  const settled = row.status === 'filled';
  const used = live ? new Decimal(exposure.used) : new Decimal(0);
  const realised = settled ? new Decimal(row.realisedPnl ?? 0) : new Decimal(result.realised);
  const fees = settled ? new Decimal(row.fees ?? 0) : new Decimal(result.fees);
  const pnl = settled ? new Decimal(row.pnl ?? 0) : realised.minus(fees).plus(unrealised);
  return {
    id: Number(row.id),
    order_no: row.orderNo,
    status: row.status,
    market: row.market,
    currency: row.currency,
    participation: wire(row.participation),
    multiple: String(row.multiple),
    allowance: wire(allowance),
    used: wire(used),
    remaining: live ? wire(Decimal.max(allowance.minus(used), 0)) : '0',
    trade_date: row.tradeDate,
    realised_pnl: wire(realised),
    fees: wire(fees),
    pnl: wire(pnl),
    protection: wire(settled ? row.protection : result.protection),
    created_at: iso(row.createdAt)!,
    reviewed_at: iso(row.reviewedAt),
    review_note: row.reviewNote,
    settled_at: iso(row.settledAt),
    failed_reason: row.failedReason,
  };
}
