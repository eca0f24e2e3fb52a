import { Decimal } from 'shared/money';

/** Lots as typed: a whole number from 1 (what the contract's lots field accepts), else undefined. */
export function parseLots(text: string): number | undefined {
  const trimmed = text.trim();
  return /^0*[1-9]\d{0,8}$/.test(trimmed) ? Number(trimmed) : undefined;
}

/** The cost of an application: lots × the cost of one lot (block price × lot size), as a decimal string. */
export function applicationCost(lots: number, lotCost: string): string {
  return new Decimal(lotCost).times(lots).toFixed();
}

/**
 * The part of a financing application's cost the house finances (financed_pct of it) and the part the user pays
 * (the rest); the financing fee is added by the server at its rate and days and shown on the application.
 */
export function financedSplit(cost: string, financedPct: string): { financed: string; own: string } {
  const financed = new Decimal(cost).times(financedPct).dividedBy(100);
  return { financed: financed.toFixed(), own: new Decimal(cost).minus(financed).toFixed() };
}

/** Whether the block price is below (discount), above (premium) or at the live price. */
export type PriceGap = 'discount' | 'premium' | 'par';

/** The gap and its size in percent without sign ("4.83"), from the contract's signed premium_pct. */
export function priceGap(premiumPct: string): { gap: PriceGap; pct: string } {
  const value = new Decimal(premiumPct);
  const gap: PriceGap = value.isZero() ? 'par' : value.isNegative() ? 'discount' : 'premium';
  return { gap, pct: value.abs().toFixed(2) };
}
