import { MINOR_UNITS, formatMoney, type Currency } from 'shared/money';

/** Loan terms the server accepts (contract loanApplyRequest). */
export const LOAN_TERMS = ['7', '14', '30', '60', '90'] as const;

/** "180,000 JPY": an amount in its currency's minor unit, as the server words its messages. */
export const amountText = (amount: string, currency: Currency) =>
  `${formatMoney(amount, { decimals: MINOR_UNITS[currency] })} ${currency}`;
