import { placeOrderRequest, type Quote, type TradeConfig } from 'shared/contract';
import { Decimal } from 'shared/money';
import { estimateOrder, withinLimits, type OrderEstimate } from './order-math';

export type PriceType = 'limit' | 'market';
export type Side = 'long' | 'short';

/** What the user chose and typed. */
export interface OrderDraft {
  priceType: PriceType;
  side: Side;
  price: string;
  quantity: string;
  leverage: string;
}

/** A problem found before sending: a message key of the `msg` catalogue or of `mf_trade` (`trade.errors.*`), with values. */
export interface DraftError {
  key: string;
  values?: Record<string, string>;
}

export interface DraftCheck {
  /** The price the estimate uses: the limit, or the last price for a market order. */
  price: string | undefined;
  estimate: OrderEstimate | undefined;
  errors: Partial<Record<'price' | 'quantity' | 'leverage' | 'balance', DraftError>>;
  /** Whether the order needs the risk disclosure acknowledged first (leverage > 1 or short). */
  needsRisk: boolean;
}

export type FieldErrors = DraftCheck['errors'];

/** What the field checks read of the quote: none of it moves at tick rate. */
export type QuoteLimits = Pick<Quote, 'market' | 'limit_down' | 'limit_up'>;

/**
 * The price, quantity and leverage checks (the shared zod schema placeOrderRequest, today's price
 * limits, the allowed leverages). They do not depend on the last price, so the form memoises them
 * on the draft, the limits and the config: a tick never re-validates the form.
 */
export function checkFields(
  draft: OrderDraft,
  code: string,
  quote: QuoteLimits | undefined,
  config: TradeConfig | undefined,
): FieldErrors {
  const errors: FieldErrors = {};
  const parsed = placeOrderRequest.safeParse({
    code,
    market: quote?.market ?? config?.market,
    side: draft.side,
    price_type: draft.priceType,
    price: draft.priceType === 'limit' ? draft.price.trim() : undefined,
    quantity: draft.quantity.trim(),
    leverage: draft.leverage,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if ((field === 'price' || field === 'quantity' || field === 'leverage') && !errors[field]) {
        errors[field] = {
          key: issue.message === 'field_invalid' ? `trade.errors.${field}Invalid` : `msg:${issue.message}`,
        };
      }
    }
  }
  if (
    draft.priceType === 'limit' &&
    !errors.price &&
    quote &&
    !withinLimits(draft.price.trim(), quote.limit_down, quote.limit_up)
  ) {
    errors.price = { key: 'msg:price_beyond_limit' };
  }
  if (config && !errors.leverage && !config.leverages.map(String).includes(draft.leverage)) {
    errors.leverage = { key: 'msg:leverage_not_allowed', values: { allowed: config.leverages.join(', ') } };
  }
  return errors;
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
  const price = draft.priceType === 'limit' ? (errors.price ? undefined : draft.price.trim()) : lastPrice;
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
    errors.balance = { key: 'msg:insufficient_balance' };
  const needsRisk = draft.side === 'short' || new Decimal(draft.leverage || '1').gt(1);
  return { price, estimate, errors, needsRisk };
}

/**
 * Checks a draft the way the server will (the shared zod schema placeOrderRequest, today's price
 * limits, the available balance) and estimates its figures, so the form says before sending what the
 * server would refuse. The server checks everything again.
 */
export function checkDraft(
  draft: OrderDraft,
  code: string,
  quote: Quote | undefined,
  config: TradeConfig | undefined,
): DraftCheck {
  return priceDraft(draft, checkFields(draft, code, quote, config), quote?.price, quote?.currency ?? '', config);
}
