/**
 * Copy trading for the investor (docs/decisions/0018-copy-trading.md): the catalogue with unit value
 * and past return, a product with holdings and its value history, follow (a ledger hold of the
 * principal that buys units at the next close), the follow orders with daily and total profit, and
 * the copy-trading risk disclosure's acknowledgement (kind copy_trade, modules/risk-disclosure). Values
 * come from the market data (copy-view.ts, nav.ts).
 */
import type { I18nLang } from 'shared/messages';
import { Decimal } from 'shared/money';
import type { InputOf } from '../../contract-input';
import type { Database, Tx } from '../../db/database';
import { BusinessError } from '../../errors';
import { assertNotTooFrequent } from '../../security/money-limiter';
import { notify } from '../inbox/inbox-service';
import { lockUserAccounts, placeHold } from '../ledger/ledger-repository';
import { runIdempotent } from '../ledger/money-tx';
import { newOrderNo } from '../common/order-no';
import type { MarketDataProvider } from '../market/provider';
import type { FundPasswordGuard } from '../passwords/fund-password-guard';
import { assertMayTrade } from '../common/user-checks';
import { formatAmount, userAmount } from '../wire/wire';
import { toI18nLang } from '../wire/lang';
import { requireRiskAck } from '../risk-disclosure/risk-disclosure-service';
import {
  getOrder,
  getProduct,
  holdingsOf,
  insertOrder,
  listProducts,
  listUserOrders,
  takeCapacity,
  type OrderRow,
  type ProductRow,
} from './copy-repository';
import { createNavBook, orderToWire, productToWire, textIn, type NavBook } from './copy-view';
import { followCalendar } from './nav';
import { MARKET_CURRENCY } from 'shared/money';

export interface CopyContext {
  db: Database;
  now: () => Date;
  provider: Pick<MarketDataProvider, 'candles' | 'nameOf'>;
  fundPasswords: FundPasswordGuard;
}

export function createCopyService({ db, now, provider, fundPasswords }: CopyContext) {
  const read = <T>(fn: (tx: Tx) => Promise<T>) => db.tx(fn, { readOnly: true });
  const book = () => createNavBook(provider, now);

  /** Orders as the wire shows them, with their products' names and values. */
  const ordersWire = async (tx: Tx, rows: OrderRow[], lang: I18nLang, navs: NavBook = book()) => {
    const ids = [...new Set(rows.map((r) => r.productId).filter((id): id is bigint => id !== null))];
    const products = new Map<bigint, ProductRow>();
    for (const id of ids) {
      const p = await getProduct(tx, id);
      if (p) products.set(id, p);
    }
    const holdings = await holdingsOf(tx, ids);
    const at = now();
    return rows.map((row) => {
      const product = row.productId === null ? undefined : products.get(row.productId);
      const points = product ? navs.series(product, holdings.get(product.id) ?? []) : [];
      return orderToWire(row, product, points, lang, at);
    });
  };

  return {
    async list(input: InputOf<'copyList'>) {
      const lang = toI18nLang(input.lang);
      return read(async (tx) => {
        const { rows, total } = await listProducts(tx, {
          market: input.type,
          onShelfOnly: true,
          limit: input.size,
          offset: (input.page - 1) * input.size,
        });
        return { list: await productsWire(tx, rows, lang, book(), now()), total };
      });
    },

    async info(userId: bigint, input: InputOf<'copyInfo'>) {
      const lang = toI18nLang(input.lang);
      return read(async (tx) => {
        const product = await getProduct(tx, input.id);
        if (!product) throw new BusinessError('product_unavailable');
        const holdings = (await holdingsOf(tx, [product.id])).get(product.id) ?? [];
        const navs = book();
        const points = navs.series(product, holdings);
        const limit = points.length + 1;
        const rows = await listUserOrders(tx, userId, {
          currency: product.currency,
          tab: 'all',
          productId: product.id,
        });
        return {
          product: productToWire(product, points, lang, now()),
          holdings: holdings.map((h) => {
            const candles = provider.candles(product.market, h.code, 'day', limit) ?? [];
            const base = candles.find((c) => c.date >= product.baseDate);
            return {
              code: h.code,
              name: provider.nameOf(product.market, h.code, lang) ?? h.code,
              weight: new Decimal(h.weight).toFixed(),
              base_close: base?.close ?? '0',
              last_close: candles[candles.length - 1]?.close ?? '0',
            };
          }),
          history: points,
          orders: await ordersWire(tx, rows, lang, navs),
        };
      });
    },

    async follow(userId: bigint, input: InputOf<'copyFollow'>, key: string | undefined) {
      const fundPassword = await fundPasswords.claim(db, userId);
      return runIdempotent(
        db,
        {
          userId,
          key,
          endpoint: 'copyFollow',
          payload: { id: input.id, amount: input.amount },
          limit: () => assertNotTooFrequent(userId, 'copyFollow'),
          settle: fundPassword.settle,
        },
        async (tx) => {
          const at = now();
          const product = await getProduct(tx, input.id);
          if (!product || product.offShelfAt) throw new BusinessError('product_unavailable');
          if (at >= product.deadline) throw new BusinessError('follow_time_exceeded');
          const currency = product.currency;
          const amount = userAmount(input.amount, currency);
          if (amount.lessThan(product.minInvestment))
            throw new BusinessError('min_buy_amount', {
              field: 'amount',
              values: { min: formatAmount(product.minInvestment, currency) },
            });
          const left = () => new Decimal(product.capacity).minus(product.raised);
          const refuseCapacity = (leftNow: Decimal.Value) =>
            new BusinessError('insufficient_fundraising', {
              field: 'amount',
              values: { left: formatAmount(leftNow, currency) },
            });
          if (amount.greaterThan(left())) throw refuseCapacity(left());
          await assertMayTrade(tx, userId);
          await requireRiskAck(tx, userId, 'copy_trade');
          await fundPassword.verify(tx, input.fund_password);
          // Lock order as the redemption's: the product row (its capacity), then the user's accounts.
          if (!(await takeCapacity(tx, product.id, amount.toFixed(), at))) {
            const fresh = await getProduct(tx, product.id);
            throw refuseCapacity(fresh ? new Decimal(fresh.capacity).minus(fresh.raised) : 0);
          }
          const accounts = await lockUserAccounts(tx, userId, [currency]);
          const orderNo = newOrderNo('C', at);
          const holdId = await placeHold(tx, {
            accountId: accounts.get(currency)!.id,
            currency,
            amount: amount.toFixed(),
            reason: 'copy_trade',
            reference: orderNo,
            at,
          });
          const calendar = followCalendar(product.market, at, product.lockupDays);
          const id = await insertOrder(tx, {
            userId,
            orderNo,
            currency,
            productName: textIn(product.names, 'en'),
            issuer: textIn(product.issuers, 'en'),
            money: amount.toFixed(),
            minInvestment: product.minInvestment,
            lockDays: product.lockupDays,
            deadline: product.deadline,
            status: 0,
            holdId,
            createdAt: at,
            productId: product.id,
            market: product.market,
            ...calendar,
          });
          const values = {
            product: textIn(product.names, 'en'),
            amount: formatAmount(amount, currency),
            started_on: calendar.startedOn,
            lock_ends_on: calendar.lockEndsOn,
          };
          await notify(tx, userId, { key: 'copy_followed', values }, at);
          const [wire] = await ordersWire(tx, [(await getOrder(tx, id))!], 'zh-CN');
          return { msg: 'copy_order_success' as const, data: wire! };
        },
      );
    },

    /** /copy/orders and /trade/userproductlist (spec §7): the reader's follow orders of one market. */
    async orders(
      userId: bigint,
      input: { type: InputOf<'copyOrders'>['type']; tab?: InputOf<'copyOrders'>['tab']; lang?: string },
    ) {
      const lang = toI18nLang(input.lang as InputOf<'copyOrders'>['lang']);
      const tab = input.tab ?? 'all';
      return read(async (tx) => {
        const rows = await listUserOrders(tx, userId, {
          currency: MARKET_CURRENCY[input.type],
          // The lock-up is derived at the clock: among the active orders, those whose state is lockup.
          tab: tab === 'lockup' ? 'active' : tab,
        });
        const wire = await ordersWire(tx, rows, lang);
        return tab === 'lockup' ? wire.filter((o) => o.state === 'lockup') : wire;
      });
    },
  };
}

/** Products with their values (the list, the back office). */
export async function productsWire(tx: Tx, rows: ProductRow[], lang: I18nLang, navs: NavBook, at: Date) {
  const holdings = await holdingsOf(
    tx,
    rows.map((r) => r.id),
  );
  return rows.map((row) => productToWire(row, navs.series(row, holdings.get(row.id) ?? []), lang, at));
}

export type CopyService = ReturnType<typeof createCopyService>;
