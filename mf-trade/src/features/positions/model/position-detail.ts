import type { TradePosition } from 'shared/contract';
import { formatMoney } from 'shared/money';
import { formatDateTime, formatMarketTime, type MarketCode } from 'shared/remote-kit';
import { ratioPercent } from './margin';

/** How a detail value is shown. */
export type Format =
  'text' | 'money' | 'signedMoney' | 'percent' | 'ratio' | 'time' | 'quantity' | 'leverage' | 'direction' | 'state';

export interface DetailField {
  /** Key under `positions.detail.field.` in the locales. */
  key: string;
  value: string | number | null;
  format: Format;
}

/**
 * Every field of spec §3 Position (stock code, name, buy time, order number, buy price, quantity
 * held, original deposit / cost, market value, P&L rate, leverage multiple, initial margin, selling
 * price, buy and sell time, profit and loss) plus direction, fees, status and, while open, the maintenance
 * ratio and liquidation price, once closed the P&L after fees, in display order, from
 * /trade/position. A field the server answers null (a sell price before closing) shows as "—".
 */
export function positionDetail(p: TradePosition): DetailField[] {
  return [
    { key: 'code', value: p.code, format: 'text' },
    { key: 'name', value: p.name, format: 'text' },
    { key: 'orderNumber', value: p.order_no, format: 'text' },
    { key: 'status', value: p.state, format: 'state' },
    { key: 'direction', value: p.direction, format: 'direction' },
    { key: 'leverage', value: p.leverage, format: 'leverage' },
    { key: 'buyTime', value: p.buy_time, format: 'time' },
    { key: 'buyPrice', value: p.buy_price, format: 'money' },
    { key: 'quantity', value: p.stock_num, format: 'quantity' },
    { key: 'cost', value: p.cost, format: 'money' },
    // A fully paid 1× long is cash (issue 35): its cost is all it holds, no margin to name.
    ...(p.fully_paid ? [] : [{ key: 'initialMargin', value: p.margin, format: 'money' as const }]),
    { key: 'currentPrice', value: p.nowprice, format: 'money' },
    { key: 'marketValue', value: p.market_value, format: 'money' },
    { key: 'pnl', value: p.yingkui, format: 'signedMoney' },
    // Closed: what the balance gained, after the opening and closing fees (issue 35).
    ...(p.net_pnl != null ? [{ key: 'netPnl', value: p.net_pnl, format: 'signedMoney' as const }] : []),
    { key: 'pnlRate', value: p.pnl_rate, format: 'percent' },
    // Open positions: equity ÷ margin (live) and the price at which the margin call closes it.
    ...(p.maintenance_ratio != null
      ? [
          { key: 'maintenanceRatio', value: p.maintenance_ratio, format: 'ratio' as const },
          { key: 'liquidationPrice', value: p.liquidation_price ?? null, format: 'money' as const },
        ]
      : []),
    { key: 'fee', value: p.fee, format: 'money' },
    { key: 'closeFee', value: p.close_fee, format: 'money' },
    { key: 'sellPrice', value: p.sell_price, format: 'money' },
    { key: 'sellTime', value: p.sell_time, format: 'time' },
  ];
}

/**
 * Display text of a value that needs no translation ("—" when the server sent null). A time is the market's clock
 * naming its zone, with the device's time when it differs ("10:00 JST · 01:00 your time").
 */
export function formatDetailValue(field: DetailField, language?: string, market?: MarketCode): string {
  if (field.value === null || field.value === '') return '—';
  const value = String(field.value);
  switch (field.format) {
    case 'money':
      return formatMoney(value);
    case 'signedMoney':
      return formatMoney(value, { sign: true });
    case 'percent':
      // pnl_rate is already a percentage with 2 decimals ("12.50" is +12.50 %).
      return `${formatMoney(value, { sign: true })}%`;
    case 'ratio':
      return ratioPercent(value);
    case 'time':
      return market ? formatMarketTime(value, market, language) : formatDateTime(value, language);
    default:
      return value;
  }
}
