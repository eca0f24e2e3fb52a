/**
 * The notice of an order's fill (issue 33 point 3, JSDA 2025: investors are told of every trade). Every fill of a
 * stock order writes `order_filled_<open|close>_<long|short>` to the owner's inbox in the fill's transaction and is
 * mailed once that transaction committed (modules/mail/notice-mail.ts: the inbox texts in zh-CN, English and
 * Japanese, no link; a mail failure changes nothing): a market order filled at placement (place-order.ts), a
 * pending order filled by the matcher (order-triggers.ts), and every close (settle-position.ts settlePosition: the
 * investor's close, a take profit or stop loss, a margin call, a day trade's settlement). The notice names the
 * symbol and its name in each language, the side, quantity, price, amount and fee with their currency, and the
 * time on the market's clock with its zone (and in Tokyo time too when the market is not Tokyo's), as the screens
 * show market times.
 */
import { Decimal, formatMoney, type Currency } from 'shared/money';
import type { InboxNotice } from '../inbox/inbox-service';
import { utcOffset, type MarketId } from '../market/calendar';
import type { MarketDataProvider } from '../market/provider';
import { formatAmount } from '../wire/wire';

/** The instrument's names (a provider without them leaves the stored name in every language). */
export type FillNames = Partial<Pick<MarketDataProvider, 'nameOf'>>;

/** The market's zone abbreviation at an instant (JST, CST, EST or EDT). */
function zoneName(market: MarketId, offset: number): string {
  if (market === 'jpy') return 'JST';
  if (market === 'cny') return 'CST';
  return offset === -240 ? 'EDT' : 'EST';
}

function clock(at: Date, offset: number): string {
  return new Date(at.getTime() + offset * 60_000).toISOString().slice(0, 16).replace('T', ' ');
}

/** "2026-12-02 10:05 JST"; another market's clock adds Tokyo's: "2026-12-01 10:05 EST (2026-12-02 00:05 JST)". */
export function fillTime(market: MarketId, at: Date): string {
  const offset = utcOffset(market, at.getTime());
  const local = `${clock(at, offset)} ${zoneName(market, offset)}`;
  return market === 'jpy' ? local : `${local} (${clock(at, utcOffset('jpy', at.getTime()))} JST)`;
}

/** A price as the screens show it: grouped, its own decimals (at least the currency's), and its currency. */
function priceText(price: Decimal, currency: Currency): string {
  const decimals = Math.max(price.decimalPlaces(), currency === 'JPY' ? 0 : 2);
  return `${formatMoney(price, { decimals })} ${currency}`;
}

export interface FilledOrder {
  orderNo: string;
  market: string;
  code: string;
  /** The stored (English) name: the fallback when the provider no longer knows the code. */
  name: string;
  currency: Currency;
  direction: string;
}

/** The fill notice of `order` opened or closed: `quantity` at `price`, `fee` charged, at `at`. */
export function fillNotice(
  order: FilledOrder,
  fill: { kind: 'open' | 'close'; price: Decimal.Value; quantity: Decimal.Value; fee: Decimal.Value; at: Date },
  names?: FillNames,
): InboxNotice {
  const price = new Decimal(fill.price);
  const quantity = new Decimal(fill.quantity);
  const name = (lang: 'zh-CN' | 'en' | 'ja') => names?.nameOf?.(order.market, order.code, lang) ?? order.name;
  const side = order.direction === 'short' ? 'short' : 'long';
  return {
    key: `order_filled_${fill.kind}_${side}`,
    values: {
      code: order.code,
      name_zh: name('zh-CN'),
      name_en: name('en'),
      name_ja: name('ja'),
      order_no: order.orderNo,
      quantity: quantity.toFixed(),
      price: priceText(price, order.currency),
      amount: formatAmount(price.times(quantity), order.currency),
      fee: formatAmount(fill.fee, order.currency),
      at: fillTime(order.market as MarketId, fill.at),
    },
  };
}

/** A fill notice to mail once its transaction committed (modules/mail/owner-mail.ts mailOwner). */
export interface FillTold {
  userId: bigint;
  notice: InboxNotice;
}
