/**
 * Copy trading's reads for the investor (docs/decisions/0018-copy-trading.md): the catalogue with unit
 * value and past return, a product with holdings and its value history, and the follow orders with daily
 * and total profit. Values come from the market data (copy-view.ts, nav.ts).
 */
import type { I18nLang } from 'shared/messages';
import { Decimal, MARKET_CURRENCY } from 'shared/money';
import type { InputOf } from '../../contract-input';
import type { Tx } from '../../db/database';
import { BusinessError } from '../../errors';
import { toI18nLang } from '../wire/lang';
import {
  getProduct,
  holdingsOf,
  listProducts,
  listUserOrders,
  type OrderRow,
  type ProductRow,
} from './copy-repository';
import { createNavBook, orderToWire, productToWire, type NavBook } from './copy-view';
import type { CopyContext } from './copy-context';

type ReadDeps = Pick<CopyContext, 'db' | 'now' | 'provider'>;

/** Products with their values (the list, the back office). */
export async function productsWire(tx: Tx, rows: ProductRow[], lang: I18nLang, navs: NavBook, at: Date) {
  const holdings = await holdingsOf(
    tx,
    rows.map((r) => r.id),
  );
  return rows.map((row) => productToWire(row, navs.series(row, holdings.get(row.id) ?? []), lang, at));
}

/** Orders as the wire shows them, with their products' names and values. */
export async function ordersWire(
  { now, provider }: Pick<CopyContext, 'now' | 'provider'>,
  tx: Tx,
  rows: OrderRow[],
  lang: I18nLang,
  navs: NavBook = createNavBook(provider, now),
) {
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
}

/** /copy/list: a page of the market's products on the shelf. */
export async function listCatalogue({ db, now, provider }: ReadDeps, input: InputOf<'copyList'>) {
  const lang = toI18nLang(input.lang);
  return db.tx(
    async (tx) => {
      const { rows, total } = await listProducts(tx, {
        market: input.type,
        onShelfOnly: true,
        limit: input.size,
        offset: (input.page - 1) * input.size,
      });
      return { list: await productsWire(tx, rows, lang, createNavBook(provider, now), now()), total };
    },
    { readOnly: true },
  );
}

/** /copy/info: one product, its holdings (base and last close), its value history and the reader's orders of it. */
export async function productInfo(deps: ReadDeps, userId: bigint, input: InputOf<'copyInfo'>) {
  const { db, now, provider } = deps;
  const lang = toI18nLang(input.lang);
  return db.tx(
    async (tx) => {
      const product = await getProduct(tx, input.id);
      if (!product) throw new BusinessError('product_unavailable');
      const holdings = (await holdingsOf(tx, [product.id])).get(product.id) ?? [];
      const navs = createNavBook(provider, now);
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
        orders: await ordersWire(deps, tx, rows, lang, navs),
      };
    },
    { readOnly: true },
  );
}

/** /copy/orders and /trade/userproductlist (spec §7): the reader's follow orders of one market. */
export async function followOrders(
  deps: ReadDeps,
  userId: bigint,
  input: { type: InputOf<'copyOrders'>['type']; tab?: InputOf<'copyOrders'>['tab']; lang?: string },
) {
  const lang = toI18nLang(input.lang as InputOf<'copyOrders'>['lang']);
  const tab = input.tab ?? 'all';
  return deps.db.tx(
    async (tx) => {
      const rows = await listUserOrders(tx, userId, {
        currency: MARKET_CURRENCY[input.type],
        // The lock-up is derived at the clock: among the active orders, those whose state is lockup.
        tab: tab === 'lockup' ? 'active' : tab,
      });
      const wire = await ordersWire(deps, tx, rows, lang);
      return tab === 'lockup' ? wire.filter((o) => o.state === 'lockup') : wire;
    },
    { readOnly: true },
  );
}
