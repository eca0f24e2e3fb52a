import { formatMoney, type Decimal } from 'shared/money';

/** A whole number of shares or lots with thousands separators (shared/money's grouping): 1000000 → "1,000,000". */
export const quantityText = (quantity: Decimal.Value) => formatMoney(quantity, { decimals: 0 });

/** Options of a plural "{{quantity}} shares" text (shared/money). */
export { shareCount } from 'shared/money';
