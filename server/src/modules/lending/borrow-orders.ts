/**
 * The credit-stock order's use cases (borrow-service.ts, docs/decisions/0023-securities-lending.md): the quote, the
 * borrowing (a short sale: proceeds posted house 'stock_lending' → user and held as a credit order) and the return
 * (the buy-back, buy-back.ts), and the credit room they share with loans.
 */
import { Decimal, MARKET_CURRENCY, roundMoney } from 'shared/money';
import type { Database, Tx } from '../../db/database';
import { BusinessError } from '../../errors';
import { newOrderNo } from '../common/order-no';
import { getHouseAccountId, lockUserAccounts, placeHold, postTransaction } from '../ledger/ledger-repository';
import { runIdempotent } from '../ledger/money-tx';
import { computeCreditScore, CREDIT_CURRENCY } from '../loans/credit-score';
import { dueDate, interestFor } from '../loans/loan-terms';
import { activeCredit, outstandingDebt, pendingLoanAmount, readCreditRecord } from '../loans/loans-repository';
import type { MarketDataProvider } from '../market/provider';
import { formatAmount } from '../wire/wire';
import { CREDIT, insertCreditOrder, lockCreditOrder } from './lending-repository';
import { readLendingSettings, type LendingSettings } from './lending-terms';
import { buyBack } from './buy-back';
import { assertMayTrade } from '../common/user-checks';
import type { InputOf } from '../../contract-input';

export const MARKET = 'jpy' as const;

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

/** The open market's price of a Japanese stock, or the refusal. */
function marketPrice(provider: BorrowContext['provider'], code: string) {
  const quote = provider.quote(MARKET, code, 'en');
  if (!quote || quote.kind !== 'stock') throw new BusinessError('stock_not_found', { field: 'code' });
  if (quote.status !== 'open')
    throw new BusinessError('not_trading_time', { values: { opens: quote.next_open ?? '-' } });
  const price = new Decimal(quote.price);
  if (price.lte(0)) throw new BusinessError('price_unavailable');
  return { price, name: provider.nameOf(MARKET, code, 'en') ?? code };
}

/** The term asked for (else the first on offer), refused unless it is one of the terms on offer. */
function termOf(settings: LendingSettings, asked: number | undefined) {
  const term = asked ?? settings.borrowTerms[0]!;
  if (!settings.borrowTerms.includes(term)) throw new BusinessError('field_invalid', { field: 'term_days' });
  return term;
}

/** The price of borrowing `quantity` shares for a term, and the credit room; nothing is stored. */
export async function quoteBorrow({ db, now, provider }: BorrowContext, userId: bigint, input: InputOf<'borrowQuote'>) {
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
}

/** The sale's proceeds posted house 'stock_lending' → the user's account and held there (credit_order). */
async function postProceeds(
  tx: Tx,
  order: { orderNo: string; account: bigint; value: Decimal; at: Date },
  memo: string,
): Promise<bigint> {
  const { orderNo, account, value, at } = order;
  await postTransaction(tx, {
    at,
    kind: 'stock_borrow',
    reference: orderNo,
    memo,
    entries: [
      {
        accountId: await getHouseAccountId(tx, 'stock_lending', CREDIT_CURRENCY),
        currency: CREDIT_CURRENCY,
        amount: value.negated().toFixed(),
      },
      { accountId: account, currency: CREDIT_CURRENCY, amount: value.toFixed() },
    ],
  });
  return placeHold(tx, {
    accountId: account,
    currency: CREDIT_CURRENCY,
    amount: value.toFixed(),
    reason: 'credit_order',
    reference: orderNo,
    at,
  });
}

/** Borrows `quantity` shares and sells them at the market price, within the credit room (borrow_limit_insufficient). */
export async function borrowShares(
  { db, now, provider }: BorrowContext,
  userId: bigint,
  input: InputOf<'borrow'>,
  key: string | undefined,
) {
  const quantity = new Decimal(input.quantity);
  return runIdempotent(
    db,
    { userId, key, endpoint: 'borrow', payload: { ...input, quantity: quantity.toFixed() } },
    async (tx) => {
      const at = now();
      const { price, name } = marketPrice(provider, input.code);
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
      const memo = `borrow and sell ${input.code} ×${quantity.toFixed()} @ ${price.toFixed()}`;
      const holdId = await postProceeds(tx, { orderNo, account, value, at }, memo);
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
}

/** Returns borrowed shares: bought back at the market price, the borrowing fee paid (buy-back.ts). */
export async function returnShares(
  { db, now, provider }: BorrowContext,
  userId: bigint,
  input: InputOf<'borrowReturn'>,
  key: string | undefined,
) {
  return runIdempotent(db, { userId, key, endpoint: 'borrowReturn', payload: { id: input.id } }, async (tx) => {
    const at = now();
    const accounts = await lockUserAccounts(tx, userId, [CREDIT_CURRENCY]);
    const order = await lockCreditOrder(tx, input.id, userId);
    if (!order) throw new BusinessError('not_found');
    if (order.status !== CREDIT.active || order.holdId === null) throw new BusinessError('borrow_not_active');
    const { price } = marketPrice(provider, order.code);
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
}
