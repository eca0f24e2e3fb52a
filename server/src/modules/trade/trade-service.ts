/**
 * Orders and positions (issue "Markets and trading"; rules in docs/decisions/0009-trading-rules.md). The use cases
 * are module-level: placement (place-order.ts), cancel and close (cancel-close.ts), the preview and the reads
 * (trade-reads.ts), add margin (add-margin.ts), modify and exits (modify-order.ts); this factory wires them. The
 * trading rules it last read (trade-context.ts RulesMemo) are shared by its calls.
 */
import type { I18nLang } from 'shared/messages';
import type { Decimal } from 'shared/money';
import type { InputOf } from '../../contract-input';
import type { MarketId } from '../market/calendar';
import { createAddMargin } from './add-margin';
import { cancelOrder, closePosition } from './cancel-close';
import { createOrderChanges } from './modify-order';
import { placeOrder } from './place-order';
import { wireRow, type TradeContext, type TradeDeps } from './trade-context';
import { listOrders, positionOf, previewOrder, tradeConfig } from './trade-reads';
import type { PositionRow } from './trade-repository';

export type { TradeContext } from './trade-context';

export type PlaceOrderInput = InputOf<'placeOrder'>;

export function createTradeService(context: TradeContext) {
  const deps: TradeDeps = { ...context, memo: {} };
  const { db, now, provider } = deps;
  /** An order or position on the wire; its margin figures with `maintenanceRatio` (default: the last read). */
  const toWireRow = (row: PositionRow, lang?: I18nLang, maintenanceRatio?: Decimal) =>
    wireRow(deps, row, lang, maintenanceRatio);

  return {
    toWireRow,

    /** /trade/addMargin (add-margin.ts): a whole amount more margin for a holding position. */
    addMargin: createAddMargin({ db, now, toWire: toWireRow }),

    /** /trade/modify and /trade/exits (modify-order.ts, issue 13). */
    ...createOrderChanges({ db, now, provider, toWire: (row, lang) => toWireRow(row, lang) }),

    placeOrder: (userId: bigint, input: PlaceOrderInput, key: string | undefined) =>
      placeOrder(deps, userId, input, key),

    /** /trade/preview (issue 35): what placing `input` now would freeze; nothing is booked. */
    previewOrder: (userId: bigint, input: PlaceOrderInput) => previewOrder(deps, userId, input),

    /** Cancels a pending limit order and releases its hold; the answer names the stock in `lang`. */
    cancel: (userId: bigint, id: number, lang?: I18nLang) => cancelOrder(deps, userId, id, lang),

    /** Sell application: holding → preparing to close (the matcher fills it at market). */
    close: (userId: bigint, id: number, lang?: I18nLang) => closePosition(deps, userId, id, lang),

    position: (userId: bigint, id: number, lang: I18nLang) => positionOf(deps, userId, id, lang),

    orders: (userId: bigint, input: InputOf<'orders'>, lang: I18nLang) => listOrders(deps, userId, input, lang),

    config: (userId: bigint, market: MarketId) => tradeConfig(deps, userId, market),
  };
}

export type TradeService = ReturnType<typeof createTradeService>;
