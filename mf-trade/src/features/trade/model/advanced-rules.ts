import type { OrderType, TradeConfig } from 'shared/contract';
import { parseDecimal } from 'shared/money';
import { exitOnWrongSide, ocoLegsInOrder, triggerReached, validityRefusal } from 'shared/order-rules';

/**
 * The advanced-order checks of issue 13 that the contract's schema leaves to the server (trade-orders.ts header),
 * made on the form with the server's message keys: an OCO's limit below its trigger for a long (above for a short),
 * exits on the right side of the entry, a stop trigger not already reached while the market is open, and the
 * validity inside [order_session_date, valid_until_max] of /trade/config.
 */

export type Validity = 'today' | 'date';

/** The advanced fields of the form, named as the body names them (so the schema's and the server's refusals land). */
export interface AdvancedDraft {
  order_type: OrderType;
  trigger_price: string;
  validity: Validity;
  valid_until: string;
  /** Whether the take-profit / stop-loss section is on. */
  exits: boolean;
  take_profit: string;
  stop_loss: string;
}

export const EMPTY_ADVANCED: AdvancedDraft = {
  order_type: 'normal',
  trigger_price: '',
  validity: 'today',
  valid_until: '',
  exits: false,
  take_profit: '',
  stop_loss: '',
};

export interface SideError {
  key: string;
  values?: Record<string, string>;
}

export type AdvancedField = 'trigger_price' | 'valid_until' | 'take_profit' | 'stop_loss';
export type AdvancedErrors = Partial<Record<AdvancedField, SideError>>;

/** Refusals the server sends without a field, and the field of the form they belong to. */
export const ADVANCED_KEY_FIELDS = {
  trigger_required: 'trigger_price',
  trigger_already_reached: 'trigger_price',
  oco_prices_order: 'trigger_price',
  validity_past: 'valid_until',
  validity_beyond: 'valid_until',
  take_profit_side: 'take_profit',
  stop_loss_side: 'stop_loss',
  price_beyond_limit: 'price',
} as const;

export interface SideInputs {
  side: 'long' | 'short';
  priceType: 'limit' | 'market';
  /** The limit typed (a limit order, an OCO's limit leg). */
  price: string;
  /** The last price, for a market order's entry and a stop's "already reached". */
  lastPrice: string | undefined;
  open: boolean;
}

/**
 * The price an exit is checked against: the limit of a limit order, the trigger of a stop market order, else the
 * last price (a market order fills near it).
 */
export function entryPrice(draft: AdvancedDraft, inputs: SideInputs): string | undefined {
  if (inputs.priceType === 'limit' && parseDecimal(inputs.price)) return inputs.price.trim();
  if (draft.order_type === 'stop' && parseDecimal(draft.trigger_price)) return draft.trigger_price.trim();
  return inputs.lastPrice;
}

/** The side checks of the advanced fields (none when a value is still malformed: the schema says so). */
export function advancedRules(
  draft: AdvancedDraft,
  inputs: SideInputs,
  config: Pick<TradeConfig, 'order_session_date' | 'valid_until_max'> | undefined,
): AdvancedErrors {
  const errors: AdvancedErrors = {};
  const { side } = inputs;
  const trigger = parseDecimal(draft.trigger_price);
  const limit = parseDecimal(inputs.price);
  const last = parseDecimal(inputs.lastPrice ?? '');
  // The rules the server enforces, from shared/src/order-rules.ts.
  if (draft.order_type === 'oco' && trigger && limit && !ocoLegsInOrder(side, limit, trigger))
    errors.trigger_price = { key: 'oco_prices_order' };
  else if (draft.order_type === 'stop' && trigger && last && inputs.open && triggerReached(side, trigger, last))
    errors.trigger_price = { key: 'trigger_already_reached', values: { price: inputs.lastPrice! } };
  if (draft.validity === 'date') {
    const date = draft.valid_until.trim();
    const refusal = date && config && validityRefusal(date, config.order_session_date, config.valid_until_max);
    if (!date) errors.valid_until = { key: 'field_invalid' };
    else if (refusal === 'validity_past') errors.valid_until = { key: 'validity_past' };
    else if (refusal === 'validity_beyond')
      errors.valid_until = { key: 'validity_beyond', values: { max: config!.valid_until_max } };
  }
  if (draft.exits) {
    const entry = entryPrice(draft, inputs);
    const at = parseDecimal(entry ?? '');
    const takeProfit = parseDecimal(draft.take_profit);
    const stopLoss = parseDecimal(draft.stop_loss);
    if (at && takeProfit && exitOnWrongSide(side, 'take_profit', takeProfit, at))
      errors.take_profit = { key: 'take_profit_side', values: { price: entry! } };
    if (at && stopLoss && exitOnWrongSide(side, 'stop_loss', stopLoss, at))
      errors.stop_loss = { key: 'stop_loss_side', values: { price: entry! } };
  }
  return errors;
}

/** The advanced part of the body of /trade/order (an OCO is always a limit order; empty fields are not sent). */
export function advancedBody(draft: AdvancedDraft): {
  order_type: OrderType;
  trigger_price?: string;
  valid_until?: string;
  take_profit?: string;
  stop_loss?: string;
} {
  const trimmed = (v: string) => (v.trim() ? v.trim() : undefined);
  const body: ReturnType<typeof advancedBody> = { order_type: draft.order_type };
  if (draft.order_type !== 'normal') body.trigger_price = draft.trigger_price.trim();
  if (draft.validity === 'date' && trimmed(draft.valid_until)) body.valid_until = draft.valid_until.trim();
  if (draft.exits) {
    if (trimmed(draft.take_profit)) body.take_profit = draft.take_profit.trim();
    if (trimmed(draft.stop_loss)) body.stop_loss = draft.stop_loss.trim();
  }
  return body;
}
