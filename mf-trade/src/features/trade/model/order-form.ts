import { placeOrderRequest, type Quote, type TradeConfig } from 'shared/contract';
import type { Market } from 'shared/mf';
import { Decimal, parseDecimal } from 'shared/money';
import { withinPriceLimits } from 'shared/order-rules';
import type { PlaceOrderBody } from '../api/place-order';
import { estimateOrder, type OrderEstimate } from './order-math';
import { EMPTY_ADVANCED, advancedBody, advancedRules, type AdvancedDraft, type AdvancedField } from './advanced-rules';

export type PriceType = 'limit' | 'market';
export type Side = 'long' | 'short';

/** What the user chose and typed: the values of the order form (issue 13's advanced fields included). */
export interface OrderDraft extends AdvancedDraft {
  priceType: PriceType;
  side: Side;
  price: string;
  quantity: string;
  leverage: string;
}

/** The form's first values: a normal market order, buy long, valid today, leverage 1 until the config says. */
export const EMPTY_DRAFT: OrderDraft = {
  priceType: 'market',
  side: 'long',
  price: '',
  quantity: '',
  leverage: '1',
  ...EMPTY_ADVANCED,
};

/** The price type sent: an OCO always has a limit leg. */
export function effectivePriceType(draft: Pick<OrderDraft, 'priceType' | 'order_type'>): PriceType {
  return draft.order_type === 'oco' ? 'limit' : draft.priceType;
}

/** A problem found before sending: a key of the `msg` catalogue, with its values. */
export interface DraftError {
  key: string;
  values?: Record<string, string>;
}

type Checked = 'price' | 'quantity' | 'leverage' | 'balance' | 'estimate' | AdvancedField;
export type FieldErrors = Partial<Record<Checked, DraftError>>;

export interface DraftCheck {
  /** The price the estimate uses: the limit, or the last price for a market order. */
  price: string | undefined;
  estimate: OrderEstimate | undefined;
  errors: FieldErrors;
  /** Whether the order needs the risk disclosure acknowledged first (leverage > 1 or short). */
  needsRisk: boolean;
}

/** What the field checks read of the quote: none of it moves at tick rate. */
export type QuoteLimits = Pick<Quote, 'limit_down' | 'limit_up'>;

/**
 * Whether the order offers a validity: a normal market order does not (issue 35): it fills at once, or, placed
 * outside hours, at the next open; only an order that waits for a price (limit, stop, OCO) can wait for days.
 */
export function offersValidity(draft: Pick<OrderDraft, 'priceType' | 'order_type'>): boolean {
  return effectivePriceType(draft) === 'limit' || draft.order_type !== 'normal';
}

/**
 * Whether the order waits and may fill at any price (an OCO, a stop-market, a market order while the market is not
 * open): its money is held at the highest price it may fill at (server order-pricing.ts), more than the estimate.
 */
export function holdsAtHighest(draft: Pick<OrderDraft, 'priceType' | 'order_type'>, open: boolean): boolean {
  if (draft.order_type === 'oco') return true;
  return effectivePriceType(draft) === 'market' && (draft.order_type === 'stop' || !open);
}

/** Whether the order is a cash purchase (issue 35 "1× is cash"): a 1× buy borrows nothing, so it holds no margin. */
export function isCash(draft: Pick<OrderDraft, 'side' | 'leverage'>): boolean {
  return draft.side === 'long' && new Decimal(draft.leverage || '1').eq(1);
}

/**
 * The body of POST /trade/order for a draft (a market order sends no price, empty advanced fields are left out, a
 * normal market order no validity).
 */
export function orderBody(draft: OrderDraft, code: string, market: Market): PlaceOrderBody {
  const priceType = effectivePriceType(draft);
  const advanced = advancedBody(offersValidity(draft) ? draft : { ...draft, validity: 'today' });
  return {
    code,
    market,
    side: draft.side,
    price_type: priceType,
    ...(priceType === 'limit' ? { price: draft.price.trim() } : {}),
    quantity: draft.quantity.trim(),
    leverage: draft.leverage,
    ...advanced,
  };
}

/** Whether an order needs the risk disclosure acknowledged first (leverage > 1 or short). */
export function needsRisk(draft: OrderDraft): boolean {
  return draft.side === 'short' || new Decimal(draft.leverage || '1').gt(1);
}

/**
 * The checks the contract's schema leaves to the server that the form can make too: today's price
 * limits (of a limit order) and the allowed leverage multiples of /trade/config.
 */
export function limitRules(
  draft: OrderDraft,
  limits: QuoteLimits | undefined,
  config: TradeConfig | undefined,
): FieldErrors {
  const errors: FieldErrors = {};
  const limit = parseDecimal(draft.price.trim());
  if (
    effectivePriceType(draft) === 'limit' &&
    limits &&
    (!limit || !withinPriceLimits(limit, limits.limit_down, limits.limit_up))
  )
    errors.price = { key: 'price_beyond_limit' };
  if (config && !config.leverages.map(String).includes(draft.leverage))
    errors.leverage = { key: 'leverage_not_allowed', values: { allowed: config.leverages.join(', ') } };
  return errors;
}

/**
 * The price, quantity and leverage checks (the shared zod schema placeOrderRequest, then today's
 * price limits and the allowed leverages). They do not depend on the last price, so the estimate
 * memoises them on the draft, the limits and the config: a tick never re-validates the form.
 */
export function checkFields(
  draft: OrderDraft,
  code: string,
  market: Market,
  limits: QuoteLimits | undefined,
  config: TradeConfig | undefined,
): FieldErrors {
  const errors: FieldErrors = {};
  const parsed = placeOrderRequest.safeParse(orderBody(draft, code, market));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if ((field === 'price' || field === 'quantity' || field === 'leverage') && !errors[field])
        errors[field] = { key: issue.message };
    }
  }
  return { ...limitRules(draft, limits, config), ...errors };
}

/**
 * The order's figures at a price (the limit, or `lastPrice` for a market order) and the balance
 * check, given the field errors of checkFields. Cheap: this is what follows the ticks.
 */
export function priceDraft(
  draft: OrderDraft,
  fields: FieldErrors,
  lastPrice: string | undefined,
  currency: string,
  config: TradeConfig | undefined,
): DraftCheck {
  const errors: FieldErrors = { ...fields };
  const price = effectivePriceType(draft) === 'limit' ? (errors.price ? undefined : draft.price.trim()) : lastPrice;
  const estimate = errors.quantity
    ? undefined
    : estimateOrder({
        price,
        quantity: draft.quantity,
        leverage: draft.leverage,
        feeRate: config?.fee_rate,
        currency: config?.currency ?? currency,
      });
  if (estimate && config && estimate.total.gt(new Decimal(config.available)))
    errors.balance = { key: 'insufficient_balance' };
  return { price, estimate, errors, needsRisk: needsRisk(draft) };
}

/**
 * The order form's own rules (useContractForm `rules`; the schema is checked by the form itself):
 * today's limits, the allowed leverages, the advanced side checks (OCO order, exits, validity; advanced-rules.ts),
 * and at the last price of this moment the available balance
 * (`balance`, shown with its way out) and an estimate at all (`estimate`: no price yet, nothing sent).
 */
export function orderRules(
  draft: OrderDraft,
  limits: QuoteLimits | undefined,
  config: TradeConfig | undefined,
  lastPrice: string | undefined,
  currency: string,
  open = true,
): FieldErrors {
  const fields = limitRules(draft, limits, config);
  const { errors, estimate } = priceDraft(draft, fields, lastPrice, currency, config);
  const side = advancedRules(
    offersValidity(draft) ? draft : { ...draft, validity: 'today' },
    { side: draft.side, priceType: effectivePriceType(draft), price: draft.price, lastPrice, open },
    config,
  );
  const all = { ...side, ...errors };
  return estimate ? all : { ...all, estimate: { key: 'price_unavailable' } };
}
