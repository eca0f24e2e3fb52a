import { Decimal, formatMoney, formatPercent } from 'shared/money';
import { marketValue, textField } from './position-rows';

/** How a detail value is shown. */
type Format = 'text' | 'money' | 'signedMoney' | 'percent';

export interface DetailField {
  /** Key under `positionDetail.field.` in the locales. */
  key: string;
  value: string | undefined;
  format: Format;
}

/**
 * Wire names of the position fields beyond the contract's five (nowprice, stock_num, buy_price,
 * yingkui, status). The spec names the fields but not their wire names; a field the server does
 * not send shows as "—", never as an invented value.
 */
const WIRE = {
  code: 'code',
  name: 'name',
  orderNumber: 'order_no',
  buyTime: 'buy_time',
  sellTime: 'sell_time',
  cost: 'cost',
  leverage: 'lever',
  initialMargin: 'margin',
  sellPrice: 'sell_price',
} as const;

/** The position fields of spec §3, in display order. */
export function positionDetail(record: Record<string, unknown>): DetailField[] {
  const get = (k: keyof typeof WIRE) => textField(record, WIRE[k]);
  const cost = get('cost');
  const pnl = textField(record, 'yingkui');
  const rate = cost && pnl && !new Decimal(cost).isZero() ? new Decimal(pnl).dividedBy(cost).toFixed() : undefined;
  return [
    { key: 'code', value: get('code'), format: 'text' },
    { key: 'name', value: get('name'), format: 'text' },
    { key: 'orderNumber', value: get('orderNumber'), format: 'text' },
    { key: 'buyTime', value: get('buyTime'), format: 'text' },
    { key: 'buyPrice', value: textField(record, 'buy_price'), format: 'money' },
    { key: 'quantity', value: textField(record, 'stock_num'), format: 'text' },
    { key: 'cost', value: cost, format: 'money' },
    { key: 'currentPrice', value: textField(record, 'nowprice'), format: 'money' },
    { key: 'marketValue', value: marketValue(record), format: 'money' },
    { key: 'pnlRate', value: rate, format: 'percent' },
    { key: 'leverage', value: get('leverage'), format: 'text' },
    { key: 'initialMargin', value: get('initialMargin'), format: 'money' },
    { key: 'sellPrice', value: get('sellPrice'), format: 'money' },
    { key: 'sellTime', value: get('sellTime'), format: 'text' },
    { key: 'pnl', value: pnl, format: 'signedMoney' },
  ];
}

/** Display text of a detail value ("—" when the server did not send it). */
export function formatDetail(field: DetailField): string {
  if (field.value === undefined) return '—';
  switch (field.format) {
    case 'money':
      return formatMoney(field.value);
    case 'signedMoney':
      return formatMoney(field.value, { sign: true });
    case 'percent':
      return formatPercent(field.value);
    default:
      return field.value;
  }
}
