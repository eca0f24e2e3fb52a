import { loanApplyRequest, loanRepayRequest } from 'shared/contract';
import { MINOR_UNITS, formatMoney, parseDecimal, type Currency } from 'shared/money';
import { zodErrors } from '#lib';

/** Loan terms the server accepts (contract loanApplyRequest). */
export const LOAN_TERMS = ['7', '14', '30', '60', '90'] as const;

export interface FieldError {
  key: string;
  values?: Record<string, string>;
}

const amountText = (amount: string, currency: Currency) =>
  `${formatMoney(amount, { decimals: MINOR_UNITS[currency] })} ${currency}`;

/** The loan application as the server checks it: the contract's schema, the minor unit, the available limit. */
export function validateLoanApply(input: {
  amount: string;
  term: string;
  currency: Currency;
  available: string | undefined;
}): Partial<Record<'amount' | 'term_days', FieldError>> {
  const errors: Partial<Record<'amount' | 'term_days', FieldError>> = {};
  const schema = zodErrors(loanApplyRequest, { amount: input.amount, term_days: input.term });
  if (schema.amount) errors.amount = { key: schema.amount };
  if (schema.term_days) errors.term_days = { key: schema.term_days, values: { field: 'term_days' } };
  const amount = parseDecimal(input.amount.trim());
  if (!errors.amount && amount) {
    if (amount.decimalPlaces() > MINOR_UNITS[input.currency]) errors.amount = { key: 'amount_invalid' };
    else if (input.available !== undefined && amount.gt(input.available))
      errors.amount = {
        key: 'borrow_limit_insufficient',
        values: { max: amountText(input.available, input.currency) },
      };
  }
  return errors;
}

/** A repayment as the server checks it (spec §5): the contract's schema, and not less than the amount outstanding. */
export function validateRepay(input: {
  id: number;
  amount: string;
  outstanding: string;
  currency: Currency;
}): FieldError | undefined {
  const schema = zodErrors(loanRepayRequest, { id: input.id, amount: input.amount });
  if (schema.amount) return { key: schema.amount };
  const amount = parseDecimal(input.amount.trim());
  if (!amount) return { key: 'amount_invalid' };
  if (amount.decimalPlaces() > MINOR_UNITS[input.currency]) return { key: 'amount_invalid' };
  if (amount.lt(input.outstanding))
    return { key: 'repay_less_than_borrowed', values: { amount: amountText(input.outstanding, input.currency) } };
  return undefined;
}
