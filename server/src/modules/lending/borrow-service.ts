/**
 * Borrowing shares: the credit-stock order (spec §3, §4; docs/decisions/0023-securities-lending.md).
 *
 * Model: a credit short sale. The user borrows `quantity` shares of a Japanese stock from the house and they are
 * sold at the market price at once: the proceeds (price × quantity, rounded to the yen) are posted house
 * 'stock_lending' → user (kind 'stock_borrow') and held at once (`credit`, the hold of the order): frozen
 * "credit orders" of spec §4, never available. The credit used is the proceeds; it must fit in the credit limit
 * of the credit score, shared with loans (limit − loans outstanding − loans pending − credit orders active).
 * The return buys the shares back at the market price: the hold is released and the user pays the buy-back
 * (to 'stock_lending') and the borrowing fee (actual/365 on the credit at the rate stored on the order, whole
 * days since the borrowing, to 'lending_fees') in one balanced transaction, refused when the money is not there.
 * The return date is the borrowing date + the term chosen (site config terms); a later return is overdue.
 */
import type { I18nLang } from 'shared/messages';
import { iso, wire } from '../wire/wire';
import { CREDIT, listUserCreditOrders, type CreditOrderRow } from './lending-repository';
import type { InputOf } from '../../contract-input';
import { borrowShares, creditRoom, quoteBorrow, returnShares, type BorrowContext } from './borrow-orders';

export { creditRoom, type BorrowContext } from './borrow-orders';

const BORROW_STATES = ['active', 'returned', 'rejected'] as const;

/** A credit order's wire form (the name in the reader's language; overdue and the fee as of now). */
function toItem({ provider, now }: BorrowContext, row: CreditOrderRow, lang: I18nLang) {
  const active = row.status === CREDIT.active;
  return {
    id: Number(row.id),
    order_no: row.orderNo,
    market: row.market,
    code: row.code,
    name: provider.nameOf(row.market, row.code, lang) ?? row.name,
    currency: row.currency,
    quantity: wire(row.quantity),
    price: wire(row.price),
    credit: wire(row.credit),
    annual_rate_pct: wire(row.annualRatePct),
    status: BORROW_STATES[row.status]!,
    created_at: iso(row.createdAt)!,
    return_due: iso(row.returnDue),
    overdue: active && !!row.returnDue && now() > row.returnDue,
    accrued_days: row.accruedDays,
    fee: wire(active ? row.feeAccrued : row.feePaid),
    return_price: row.returnPrice === null ? null : wire(row.returnPrice),
    returned_at: active ? null : iso(row.closedAt),
  };
}

export function createBorrowService(deps: BorrowContext) {
  const { db, now } = deps;
  return {
    /** The price of borrowing and the credit room (borrow-orders.ts quoteBorrow). */
    quote: (userId: bigint, input: InputOf<'borrowQuote'>) => quoteBorrow(deps, userId, input),

    /** Borrow and sell (borrow-orders.ts borrowShares). */
    borrow: (userId: bigint, input: InputOf<'borrow'>, key: string | undefined) =>
      borrowShares(deps, userId, input, key),

    /** Buy back and return (borrow-orders.ts returnShares). */
    giveBack: (userId: bigint, input: InputOf<'borrowReturn'>, key: string | undefined) =>
      returnShares(deps, userId, input, key),

    async list(userId: bigint, lang: I18nLang) {
      return db.tx(
        async (tx) => ({ list: (await listUserCreditOrders(tx, userId)).map((r) => toItem(deps, r, lang)) }),
        { readOnly: true },
      );
    },

    /** For tests and the property: the credit room of a user now. */
    room: (userId: bigint) => db.tx((tx) => creditRoom(tx, userId, now()), { readOnly: true }),
  };
}

export type BorrowService = ReturnType<typeof createBorrowService>;
