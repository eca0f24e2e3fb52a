/**
 * Securities lending (貸株, docs/decisions/0023-securities-lending.md): a holding lent to the house for a daily
 * fee. Eligible: a holding (status 0) at 1× long, not of a day-trading application, closable now (no lock-up,
 * no T+1 day). The rate is site config's for the stock (lending-terms.ts), the value the shares at the last
 * price when lent; both are stored on the lending, so a later change of the settings never reprices it. The
 * fee (actual/365 per whole day, rounded down) is booked by the lending job (lending-jobs.ts). A recall stops
 * the fee at once; the shares come back on the next trading day of the market, and until then the position
 * cannot be closed (assertNotLent, called by trade-service's close).
 */
import type { I18nLang } from 'shared/messages';
import { Decimal, roundMoney } from 'shared/money';
import type { Database } from '../../db/database';
import { refuseDuplicate } from '../../db/errors';
import { BusinessError } from '../../errors';
import { newOrderNo } from '../common/order-no';
import { lockUserAccounts } from '../ledger/ledger-repository';
import { moneyTx, runIdempotent } from '../ledger/money-tx';
import { interestFor } from '../loans/loan-terms';
import { dateOf, marketClock, nextTradingDay } from '../market/calendar';
import type { MarketDataProvider } from '../market/provider';
import { positionById } from '../trade/trade-repository';
import { closableAt, closableFrom, lockupDate } from '../trade/t-plus-one';
import { assertMayTrade } from '../common/user-checks';
import { iso, wire } from '../wire/wire';
import { lendingRateOf, readLendingSettings, type LendingSettings } from './lending-terms';
import {
  insertLending,
  lendingById,
  listUserLendings,
  markRecalled,
  userHoldings,
  type LendingRow,
} from './lending-repository';
import type { InputOf } from '../../contract-input';

export interface LendingContext {
  db: Database;
  now: () => Date;
  provider: Pick<MarketDataProvider, 'lastPrice' | 'nameOf' | 'quote'>;
}

type Holding = Awaited<ReturnType<typeof userHoldings>>[number];

const LENDING_STATES = ['lent', 'recalled', 'returned'] as const;

/** Why a holding may not be lent now (a message key and its values), or undefined when it may. */
export function lendRefusal(h: Holding, at: Date): { key: string; values?: Record<string, string> } | undefined {
  if (h.lent) return { key: 'lending_already_lent' };
  if (Number(h.leverage) !== 1 || h.direction !== 'long') return { key: 'lending_leveraged' };
  if (h.dayTradeId !== null) return { key: 'lending_day_trade' };
  const lockedUntil = h.closableFrom ? new Date(h.closableFrom) : null;
  if (!closableAt(h.market, h.openDate, at, lockedUntil)) {
    const tPlusOne = closableFrom(h.market, h.openDate, lockedUntil);
    return { key: 'lending_locked', values: { date: tPlusOne ?? lockupDate(h.market, lockedUntil) ?? '-' } };
  }
  return undefined;
}

/** The market-local date recalled shares come back: the trading day after the one of `at`. */
export function returnsOn(market: Holding['market'], at: Date): string {
  return dateOf(nextTradingDay(marketClock(market, at.getTime()).sessionDay));
}

/** The price of a holding's shares: the last price, else the buy price. */
const priceOf = (provider: LendingContext['provider'], h: Pick<Holding, 'market' | 'code' | 'buyPrice'>) =>
  new Decimal(provider.lastPrice(h.market, h.code) ?? h.buyPrice);

/** What lending a holding is worth now: the price, the value (rounded to the currency) and site config's rate. */
const valueOf = (provider: LendingContext['provider'], h: Holding, settings: LendingSettings) => {
  const price = priceOf(provider, h);
  const value = roundMoney(price.times(h.stockNum), h.currency);
  const rate = lendingRateOf(settings, h.market, h.code);
  return { price, value, rate };
};

/** A lending's wire form (the name in the reader's language). */
const toItem = (provider: LendingContext['provider'], row: LendingRow, lang: I18nLang) => ({
  id: Number(row.id),
  order_no: row.orderNo,
  position_id: Number(row.positionId),
  market: row.market,
  code: row.code,
  name: provider.nameOf(row.market, row.code, lang) ?? row.code,
  currency: row.currency,
  quantity: wire(row.quantity),
  price: wire(row.price),
  value: wire(row.value),
  annual_rate_pct: wire(row.annualRatePct),
  status: LENDING_STATES[row.status]!,
  lent_at: iso(row.lentAt)!,
  recalled_at: iso(row.recalledAt),
  returns_on: row.returnsOn,
  returned_at: iso(row.returnedAt),
  accrued_days: row.accruedDays,
  fee_paid: wire(row.feePaid),
});

/** The holdings that may be lent now, with their value and daily fee, and the user's lendings. */
export async function lendingOverview({ db, now, provider }: LendingContext, userId: bigint, lang: I18nLang) {
  return db.tx(
    async (tx) => {
      const settings = await readLendingSettings(tx);
      const at = now();
      const lendable = [];
      for (const h of await userHoldings(tx, userId)) {
        if (lendRefusal(h, at)) continue;
        const { price, value, rate } = valueOf(provider, h, settings);
        lendable.push({
          position_id: Number(h.id),
          market: h.market,
          code: h.code,
          name: provider.nameOf(h.market, h.code, lang) ?? h.name,
          currency: h.currency,
          quantity: wire(h.stockNum),
          price: price.toFixed(),
          value: value.toFixed(),
          annual_rate_pct: rate.toFixed(),
          daily_fee: interestFor(value, rate, 1, h.currency).toFixed(),
        });
      }
      const lendings = (await listUserLendings(tx, userId)).map((row) => toItem(provider, row, lang));
      return { lendable, lendings, day_count: 'actual/365' as const };
    },
    { readOnly: true },
  );
}

/** Lends a holding to the house at the price and rate of now (both stored on the lending). */
export async function lendHolding(
  { db, now, provider }: LendingContext,
  userId: bigint,
  input: InputOf<'lend'>,
  key: string | undefined,
) {
  return runIdempotent(
    db,
    { userId, key, endpoint: 'lend', payload: { position_id: input.position_id } },
    async (tx) => {
      const at = now();
      const [h] = await userHoldings(tx, userId, input.position_id);
      if (!h) {
        const own = await positionById(tx, input.position_id, { userId });
        throw new BusinessError(own ? 'lending_not_holding' : 'not_found');
      }
      // A new contract with the house: refused while trading is barred (a recall, which gets out, is not).
      await assertMayTrade(tx, userId);
      await lockUserAccounts(tx, userId, [h.currency]);
      const refusal = lendRefusal(h, at);
      if (refusal) throw new BusinessError(refusal.key as 'lending_locked', { values: refusal.values });
      const { price, value, rate } = valueOf(provider, h, await readLendingSettings(tx));
      if (value.lte(0)) throw new BusinessError('price_unavailable');
      const orderNo = newOrderNo('C', at);
      // A second live lending of one position is refused by the unique index: the same refusal as the check.
      const insert = () =>
        insertLending(tx, {
          userId,
          orderNo,
          positionId: BigInt(h.id),
          market: h.market,
          currency: h.currency,
          code: h.code,
          quantity: wire(h.stockNum),
          price: price.toFixed(),
          value: value.toFixed(),
          annualRatePct: rate.toFixed(),
          lentAt: at,
        });
      const id = await refuseDuplicate(insert, 'lending_already_lent');
      return { msg: 'lending_lent' as const, data: { id: Number(id), order_no: orderNo } };
    },
  );
}

/** Recalls a lending: the fee stops now, the shares come back on the market's next trading day. */
export async function recallLending(
  { db, now }: Pick<LendingContext, 'db' | 'now'>,
  userId: bigint,
  input: InputOf<'recall'>,
) {
  return moneyTx(db, async (tx) => {
    const at = now();
    const own = await lendingById(tx, input.id, userId);
    if (!own) throw new BusinessError('not_found');
    const row = await markRecalled(tx, input.id, userId, at, returnsOn(own.market, at));
    if (!row) throw new BusinessError('lending_not_lent');
    return { msg: 'lending_recalled' as const, data: {} };
  });
}

export function createLendingService(deps: LendingContext) {
  return {
    /** What may be lent and the user's lendings (lendingOverview). */
    overview: (userId: bigint, lang: I18nLang) => lendingOverview(deps, userId, lang),
    /** Lend a holding (lendHolding). */
    lend: (userId: bigint, input: InputOf<'lend'>, key: string | undefined) => lendHolding(deps, userId, input, key),
    /** Recall a lending (recallLending). */
    recall: (userId: bigint, input: InputOf<'recall'>) => recallLending(deps, userId, input),
  };
}

export type LendingService = ReturnType<typeof createLendingService>;
