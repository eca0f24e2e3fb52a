import { CURRENCIES, Decimal, parseDecimal, roundMoney, type Currency } from 'shared/money';

/** What the form knows before an order is sent: every figure a decimal string from the API or the user. */
export interface OrderInputs {
  /** Limit price typed by the user, or the last quote for a market order. */
  price: string | undefined;
  /** Whole shares (one lot is one share, spec §9). */
  quantity: string;
  /** Leverage multiple from the server's trade config (1, 2, 5, 10 ...). */
  leverage: string;
  /** Fee rate from the server's trade config (0.001 is 0.1 % of the notional). */
  feeRate: string | undefined;
  /** The market's currency (JPY, USD, CNY): amounts round to its minor unit. */
  currency: string;
}

/** The figures of an order estimate, as exact decimals rounded to the currency's minor unit. */
export interface OrderEstimate {
  notional: Decimal;
  /** price × quantity ÷ leverage: what is frozen from the balance. */
  margin: Decimal;
  /** fee rate × notional. */
  fee: Decimal;
  /** margin + fee: what the balance must hold. */
  total: Decimal;
}

const WHOLE = /^\d+$/;

/**
 * Fee, margin and total of an order (spec §2, issue "Markets and trading"): margin = price × quantity
 * ÷ leverage, fee = rate × notional, each rounded half-even to the currency's minor unit as the server
 * books them (docs/decisions/0009); undefined while an input is missing or malformed. Decimal only,
 * never a float.
 */
export function estimateOrder(inputs: OrderInputs): OrderEstimate | undefined {
  const price = parseDecimal(inputs.price ?? '');
  const rate = parseDecimal(inputs.feeRate ?? '');
  const leverage = parseDecimal(inputs.leverage);
  const quantityText = inputs.quantity.trim();
  if (!price || !rate || !leverage || !WHOLE.test(quantityText) || price.lte(0) || leverage.lte(0)) return undefined;
  const quantity = new Decimal(quantityText);
  if (quantity.lte(0)) return undefined;
  if (!isCurrency(inputs.currency)) return undefined;
  const currency = inputs.currency;
  const round = (d: Decimal) => roundMoney(d, currency);
  const notional = price.times(quantity);
  const margin = round(notional.dividedBy(leverage));
  const fee = round(notional.times(rate));
  return { notional, margin, fee, total: margin.plus(fee) };
}

function isCurrency(code: string): code is Currency {
  return (CURRENCIES as readonly string[]).includes(code);
}
