import type { z } from 'zod';
import type { holding, holdingsAnswer, holdingsHistoryAnswer } from 'shared/contract';
import { Decimal } from 'shared/money';
import { maintenanceRatio } from './margin';

type Holding = z.infer<typeof holding>;
type HoldingsAnswer = z.infer<typeof holdingsAnswer>;
type HoldingsHistoryAnswer = z.infer<typeof holdingsHistoryAnswer>;

/** One position as the lists show it: the wire record plus its id. */
export interface PositionRow {
  id: string;
  record: Record<string, unknown>;
}

/** Spec §4 position states by the spec's status number (0 holding, 1 preparing to close, 2 closed). */
export type PositionStatus = 'holding' | 'closing' | 'closed';

/** A text field of a wire record, or undefined when absent or empty. */
export function textField(record: Record<string, unknown>, field: string): string | undefined {
  const v = record[field];
  if (typeof v === 'string' && v !== '') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return undefined;
}

/** Open positions of /trade/userstocklist (a keyed object), in the server's order. */
export function openPositions(answer: HoldingsAnswer | undefined): PositionRow[] {
  if (!answer) return [];
  return Object.entries(answer.list).map(([id, h]: [string, Holding]) => ({
    id: textField(h, 'id') ?? id,
    record: h as Record<string, unknown>,
  }));
}

/** Closed positions of /trade/userstocklists; the id is the record's `id` (else its position in the list). */
export function closedPositions(answer: HoldingsHistoryAnswer | undefined): PositionRow[] {
  if (!answer) return [];
  return answer.list.map((record, index) => ({ id: textField(record, 'id') ?? `closed-${index}`, record }));
}

/** Spec §4: status 0 holding, 1 preparing to close, 2 closed. */
export function positionStatus(record: Record<string, unknown>): PositionStatus {
  if (record.status === 0) return 'holding';
  if (record.status === 1) return 'closing';
  return 'closed';
}

/** Market value of a position: current price × quantity held, when both are known. */
export function marketValue(record: Record<string, unknown>): string | undefined {
  const price = textField(record, 'nowprice');
  const quantity = textField(record, 'stock_num');
  if (price === undefined || quantity === undefined) return undefined;
  return new Decimal(price).times(quantity).toFixed();
}

/**
 * P&L rate in percent with 2 decimals: the server's `pnl_rate` when it sends one, else P&L ÷ the
 * money the position holds (margin, sent as `margin` or `cost`) × 100, in decimals.
 */
export function pnlRate(record: Record<string, unknown>): string | undefined {
  const sent = textField(record, 'pnl_rate');
  if (sent !== undefined) return sent;
  const pnl = textField(record, 'yingkui');
  const held = textField(record, 'margin') ?? textField(record, 'cost');
  if (pnl === undefined || held === undefined || new Decimal(held).isZero()) return undefined;
  return new Decimal(pnl).dividedBy(held).times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}

/** The part of a streamed quote the holdings need. */
export interface LivePrice {
  price: string;
}

/**
 * A holding valued at a streamed price, as the server values it (assets-service holdingOf): P&L =
 * (now − buy) × quantity for a long, (buy − now) × quantity for a short; market value = now ×
 * quantity. Holdings not holding (preparing to close, closed) or without a quote stay as sent.
 */
export function withLivePrice(row: PositionRow, live: LivePrice | undefined): PositionRow {
  const { record } = row;
  const buy = textField(record, 'buy_price');
  const quantity = textField(record, 'stock_num');
  if (!live || record.status !== 0 || buy === undefined || quantity === undefined) return row;
  const now = new Decimal(live.price);
  const perShare = record.direction === 'short' ? new Decimal(buy).minus(now) : now.minus(buy);
  const pnl = perShare.times(quantity);
  const margin = textField(record, 'margin');
  return {
    id: row.id,
    record: {
      ...record,
      nowprice: now.toFixed(),
      market_value: now.times(quantity).toFixed(),
      yingkui: pnl.toFixed(),
      pnl_rate: undefined,
      // Equity ÷ margin at the streamed price, as the server computes it (the liquidation price does not move).
      ...(margin !== undefined && textField(record, 'maintenance_ratio') !== undefined && !new Decimal(margin).isZero()
        ? {
            maintenance_ratio: maintenanceRatio(
              { direction: String(record.direction), buy_price: buy, stock_num: quantity, margin },
              now,
            ),
          }
        : {}),
    },
  };
}

/** Holdings value and floating P&L (ccsz, fdyk) of the rows shown. */
export function totals(rows: PositionRow[]): { ccsz: string; fdyk: string } {
  let ccsz = new Decimal(0);
  let fdyk = new Decimal(0);
  for (const { record } of rows) {
    ccsz = ccsz.plus(textField(record, 'market_value') ?? marketValue(record) ?? '0');
    fdyk = fdyk.plus(textField(record, 'yingkui') ?? '0');
  }
  return { ccsz: ccsz.toFixed(), fdyk: fdyk.toFixed() };
}
