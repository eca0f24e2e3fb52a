import { Decimal, MINOR_UNITS, type Currency } from 'shared/money';

/** Lots as typed: a whole number from 1 (what the contract's lots field accepts), else undefined. */
export function parseLots(text: string): number | undefined {
  const trimmed = text.trim();
  return /^0*[1-9]\d{0,8}$/.test(trimmed) ? Number(trimmed) : undefined;
}

/** The cost of an application: lots × the cost of one lot (block price × lot size), as a decimal string. */
export function applicationCost(lots: number, lotCost: string): string {
  return new Decimal(lotCost).times(lots).toFixed();
}

/** What a financing application holds, by the rule of docs/decisions/0017-block-trades.md. */
export interface FinancingMoney {
  /** lots × lot size × block price, rounded to the currency's minor unit. */
  amount: string;
  /** The user's part: the amount ÷ leverage, rounded to the minor unit. */
  margin: string;
  /** The rest, financed by the house. */
  financed: string;
  /** Interest on the financed part for the financing days, actual/365, rounded down to the minor unit. */
  fee: string;
  /** What the application holds: the user's part plus the fee. */
  held: string;
}

/** The listing's terms a financing application's money is worked out from. */
export interface FinancingTerms {
  block_price: string;
  lot_size: number;
  currency: string;
  leverage: number;
  financing_rate_pct: string | null;
  financing_days: number | null;
}

const minorUnits = (currency: string) => MINOR_UNITS[currency as Currency] ?? 2;

/**
 * The money of a financing application of `lots`, as the server holds it: the user's part (amount ÷ leverage), the
 * financed rest, and the fee (financed × rate × days ÷ 365, rounded down). The rate is the listing's percent.
 */
export function financingMoney(terms: FinancingTerms, lots: number): FinancingMoney {
  const places = minorUnits(terms.currency);
  const cost = new Decimal(terms.block_price).times(lots).times(terms.lot_size);
  const amount = cost.toDecimalPlaces(places, Decimal.ROUND_HALF_EVEN);
  const margin = cost.dividedBy(terms.leverage).toDecimalPlaces(places, Decimal.ROUND_HALF_EVEN);
  const financed = amount.minus(margin);
  const fee = financed
    .times(terms.financing_rate_pct ?? 0)
    .dividedBy(100)
    .times(terms.financing_days ?? 0)
    .dividedBy(365)
    .toDecimalPlaces(places, Decimal.ROUND_DOWN);
  return {
    amount: amount.toFixed(),
    margin: margin.toFixed(),
    financed: financed.toFixed(),
    fee: fee.toFixed(),
    held: margin.plus(fee).toFixed(),
  };
}

/** Whether the block price is below (discount), above (premium) or at the live price. */
export type PriceGap = 'discount' | 'premium' | 'par';

/** The gap and its size in percent without sign ("4.83"), from the contract's signed premium_pct. */
export function priceGap(premiumPct: string): { gap: PriceGap; pct: string } {
  const value = new Decimal(premiumPct);
  const gap: PriceGap = value.isZero() ? 'par' : value.isNegative() ? 'discount' : 'premium';
  return { gap, pct: value.abs().toFixed(2) };
}
