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
import { Decimal, MARKET_CURRENCY, roundMoney } from 'shared/money';
import type { I18nLang } from 'shared/messages';
import type { Database, Tx } from '../../db/database';
import { BusinessError } from '../../errors';
import { newOrderNo } from '../common/order-no';
import { getHouseAccountId, lockUserAccounts, placeHold, postTransaction } from '../ledger/ledger-repository';
import { runIdempotent } from '../ledger/money-tx';
import { computeCreditScore, CREDIT_CURRENCY } from '../loans/credit-score';
import { dueDate, interestFor } from '../loans/loan-terms';
import { activeCredit, outstandingDebt, pendingLoanAmount, readCreditRecord } from '../loans/loans-repository';
import type { MarketDataProvider } from '../market/provider';
import { formatAmount, iso, wire } from '../wire/wire';
import {
  CREDIT,
  insertCreditOrder,
  listUserCreditOrders,
  lockCreditOrder,
  type CreditOrderRow,
} from './lending-repository';
import { readLendingSettings, type LendingSettings } from './lending-terms';
import { buyBack } from './buy-back';
import { assertMayTrade } from '../common/user-checks';
import type { InputOf } from '../../contract-input';

const MARKET = 'jpy' as const;
const BORROW_STATES = ['active', 'returned', 'rejected'] as const;

export interface BorrowContext {
  db: Database;
  now: () => Date;
  provider: Pick<MarketDataProvider, 'quote' | 'nameOf'>;
}

/** Limit and what is left of it: limit − loans outstanding − loans pending − credit orders active (JPY). */
export async function creditRoom(tx: Tx, userId: bigint, at: Date) {
  const credit = computeCreditScore(await readCreditRecord(tx, userId), at);
  const loans = (await outstandingDebt(tx, userId))
    .filter((d) => d.currency === CREDIT_CURRENCY)
    .reduce((sum, d) => sum.plus(d.amount), new Decimal(0));
  const pending = new Decimal(await pendingLoanAmount(tx, userId, CREDIT_CURRENCY));
  const borrowed = new Decimal(await activeCredit(tx, userId, CREDIT_CURRENCY));
  const available = Decimal.max(0, credit.limit.minus(loans).minus(pending).minus(borrowed));
  return { limit: credit.limit, available };
}

export function createBorrowService({ db, now, provider }: BorrowContext) {
  /** The open market's price of a Japanese stock, or the refusal. */
  const marketPrice = (code: string) => {
    const quote = provider.quote(MARKET, code, 'en');
    if (!quote || quote.kind !== 'stock') throw new BusinessError('stock_not_found', { field: 'code' });
    if (quote.status !== 'open')
      throw new BusinessError('not_trading_time', { values: { opens: quote.next_open ?? '-' } });
    const price = new Decimal(quote.price);
    if (price.lte(0)) throw new BusinessError('price_unavailable');
    return { price, name: provider.nameOf(MARKET, code, 'en') ?? code };
  };

  const termOf = (settings: LendingSettings, asked: number | undefined) => {
    const term = asked ?? settings.borrowTerms[0]!;
    if (!settings.borrowTerms.includes(term)) throw new BusinessError('field_invalid', { field: 'term_days' });
    return term;
  };

  const toItem = (row: CreditOrderRow, lang: I18nLang) => {
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
  };

  return {
    async quote(userId: bigint, input: InputOf<'borrowQuote'>) {
      return db.tx(
        async (tx) => {
          const settings = await readLendingSettings(tx);
          const term = termOf(settings, input.term_days);
          const at = now();
          let value = new Decimal(0);
          let price = new Decimal(0);
          if (input.code) {
            const quote = provider.quote(MARKET, input.code, 'en');
            if (!quote || quote.kind !== 'stock') throw new BusinessError('stock_not_found', { field: 'code' });
            price = new Decimal(quote.price);
            value = roundMoney(price.times(input.quantity ?? '0'), CREDIT_CURRENCY);
          }
          const room = await creditRoom(tx, userId, at);
          return {
            market: MARKET,
            currency: CREDIT_CURRENCY,
            annual_rate_pct: settings.borrowRatePct.toFixed(),
            day_count: 'actual/365' as const,
            terms: settings.borrowTerms,
            term_days: term,
            price: price.toFixed(),
            value: value.toFixed(),
            fee_estimate: interestFor(value, settings.borrowRatePct, term, CREDIT_CURRENCY).toFixed(),
            return_due: dueDate(at, term).toISOString(),
            credit_limit: room.limit.toFixed(),
            credit_available: room.available.toFixed(),
          };
        },
        { readOnly: true },
      );
    },

    async borrow(userId: bigint, input: InputOf<'borrow'>, key: string | undefined) {
      const quantity = new Decimal(input.quantity);
      return runIdempotent(
        db,
        { userId, key, endpoint: 'borrow', payload: { ...input, quantity: quantity.toFixed() } },
        async (tx) => {
          const at = now();
          const { price, name } = marketPrice(input.code);
          // A short sale opens exposure: refused while trading is barred (the return, which closes it, is not).
          await assertMayTrade(tx, userId);
          const accounts = await lockUserAccounts(tx, userId, [CREDIT_CURRENCY]);
          const settings = await readLendingSettings(tx);
          const term = termOf(settings, input.term_days);
          const value = roundMoney(price.times(quantity), CREDIT_CURRENCY);
          const room = await creditRoom(tx, userId, at);
          if (value.gt(room.available))
            throw new BusinessError('borrow_limit_insufficient', {
              field: 'quantity',
              values: { max: formatAmount(room.available, CREDIT_CURRENCY) },
            });
          const orderNo = newOrderNo('C', at);
          const account = accounts.get(CREDIT_CURRENCY)!.id;
          await postTransaction(tx, {
            at,
            kind: 'stock_borrow',
            reference: orderNo,
            memo: `borrow and sell ${input.code} ×${quantity.toFixed()} @ ${price.toFixed()}`,
            entries: [
              {
                accountId: await getHouseAccountId(tx, 'stock_lending', CREDIT_CURRENCY),
                currency: CREDIT_CURRENCY,
                amount: value.negated().toFixed(),
              },
              { accountId: account, currency: CREDIT_CURRENCY, amount: value.toFixed() },
            ],
          });
          const holdId = await placeHold(tx, {
            accountId: account,
            currency: CREDIT_CURRENCY,
            amount: value.toFixed(),
            reason: 'credit_order',
            reference: orderNo,
            at,
          });
          const id = await insertCreditOrder(tx, {
            userId,
            orderNo,
            market: MARKET,
            currency: MARKET_CURRENCY[MARKET],
            code: input.code,
            name,
            quantity: quantity.toFixed(),
            credit: value.toFixed(),
            holdId,
            price: price.toFixed(),
            annualRatePct: settings.borrowRatePct.toFixed(),
            termDays: term,
            returnDue: dueDate(at, term),
            createdAt: at,
          });
          return { msg: 'borrow_done' as const, data: { id: Number(id), order_no: orderNo } };
        },
      );
    },

    async giveBack(userId: bigint, input: InputOf<'borrowReturn'>, key: string | undefined) {
      return runIdempotent(db, { userId, key, endpoint: 'borrowReturn', payload: { id: input.id } }, async (tx) => {
        const at = now();
        const accounts = await lockUserAccounts(tx, userId, [CREDIT_CURRENCY]);
        const order = await lockCreditOrder(tx, input.id, userId);
        if (!order) throw new BusinessError('not_found');
        if (order.status !== CREDIT.active || order.holdId === null) throw new BusinessError('borrow_not_active');
        const { price } = marketPrice(order.code);
        const fee = await buyBack(tx, order, accounts.get(order.currency)!, price, at);
        const cost = roundMoney(price.times(order.quantity), order.currency);
        return {
          msg: 'borrow_returned' as const,
          data: {
            order_no: order.orderNo,
            currency: order.currency,
            price: price.toFixed(),
            cost: cost.toFixed(),
            fee: fee.toFixed(),
            pnl: new Decimal(order.credit).minus(cost).minus(fee).toFixed(),
          },
        };
      });
    },

    async list(userId: bigint, lang: I18nLang) {
      return db.tx(async (tx) => ({ list: (await listUserCreditOrders(tx, userId)).map((r) => toItem(r, lang)) }), {
        readOnly: true,
      });
    },

    /** For tests and the property: the credit room of a user now. */
    room: (userId: bigint) => db.tx((tx) => creditRoom(tx, userId, now()), { readOnly: true }),
  };
}

export type BorrowService = ReturnType<typeof createBorrowService>;
