/**
 * The back office's copy-trading products: the list of every product, creating one and taking one off
 * the shelf, each audited. Nothing here types a return, a unit value or a profit: those come from the
 * market data (nav.ts).
 */
import { MARKET_CURRENCY } from 'shared/money';
import type { InputOf } from '../../contract-input';
import { BusinessError } from '../../errors';
import { recordAudit } from '../audit/audit-service';
import { ADMIN_PAGE_SIZE } from '../common/money-context';
import { moneyTx } from '../ledger/money-tx';
import { userAmount } from '../wire/wire';
import { toI18nLang } from '../wire/lang';
import { getProduct, insertProduct, listProducts, takeOffShelf } from './copy-repository';
import { productsWire } from './copy-reads';
import { createNavBook } from './copy-view';
import { previousTradingDate } from './nav';
import type { CopyAdminContext } from './copy-context';

/** One product's wire form (in English), read after a change. */
async function wireOne({ db, now, provider }: CopyAdminContext, id: bigint) {
  return db.tx(async (tx) => {
    const row = (await getProduct(tx, id))!;
    const [wire] = await productsWire(tx, [row], 'en', createNavBook(provider, now), now());
    return wire!;
  });
}

/** Every product, on the shelf or not, a page of ADMIN_PAGE_SIZE. */
export async function listAllProducts({ db, now, provider }: CopyAdminContext, input: InputOf<'adminCopyProducts'>) {
  return db.tx(
    async (tx) => {
      const { rows, total } = await listProducts(tx, {
        onShelfOnly: false,
        limit: ADMIN_PAGE_SIZE,
        offset: (input.page - 1) * ADMIN_PAGE_SIZE,
      });
      const list = await productsWire(tx, rows, toI18nLang(input.lang), createNavBook(provider, now), now());
      return { list, total };
    },
    { readOnly: true },
  );
}

/**
 * A new product: names, issuer, strategy text, holdings of listed codes with weights summing to 1, lock-up,
 * minimum, capacity, deadline; its base date is the last trading day before creation.
 */
export async function createProduct(deps: CopyAdminContext, actorId: bigint, input: InputOf<'adminCopyProductCreate'>) {
  const { db, now, provider } = deps;
  const currency = MARKET_CURRENCY[input.market];
  const minInvestment = userAmount(input.min_investment, currency, 'min_investment');
  const capacity = userAmount(input.capacity, currency, 'capacity');
  if (capacity.lessThan(minInvestment)) throw new BusinessError('field_invalid', { field: 'capacity' });
  const at = now();
  const deadline = new Date(input.deadline);
  if (deadline <= at) throw new BusinessError('field_invalid', { field: 'deadline' });
  const holdings = input.holdings.map((h) => ({ code: h.code.toUpperCase(), weight: h.weight }));
  for (const h of holdings)
    if (!provider.quote(input.market, h.code, 'en')) throw new BusinessError('stock_not_found', { field: 'holdings' });
  const id = await moneyTx(db, async (tx) => {
    const created = await insertProduct(
      tx,
      {
        market: input.market,
        currency,
        names: { 'zh-CN': input.name_zh, en: input.name_en, ja: input.name_ja },
        issuers: { 'zh-CN': input.issuer_zh, en: input.issuer_en, ja: input.issuer_ja },
        strategies: { 'zh-CN': input.strategy_zh, en: input.strategy_en, ja: input.strategy_ja },
        lockupDays: input.lockup_days,
        minInvestment: minInvestment.toFixed(),
        capacity: capacity.toFixed(),
        deadline,
        baseDate: previousTradingDate(input.market, at),
        createdBy: actorId,
      },
      holdings,
      at,
    );
    await recordAudit(tx, {
      actorId,
      action: 'copy_product.create',
      target: `copy:${created}`,
      detail: input,
      before: null,
      after: { status: 'on_shelf', name_en: input.name_en, holdings: input.holdings },
    });
    return created;
  });
  return { msg: 'saved' as const, data: await wireOne(deps, id) };
}

/** Off the shelf: no new follows; active ones run to the end of their lock-up. */
export async function takeProductOffShelf(
  deps: CopyAdminContext,
  actorId: bigint,
  input: InputOf<'adminCopyProductOffShelf'>,
) {
  const { db, now } = deps;
  const id = BigInt(input.id);
  await moneyTx(db, async (tx) => {
    if (!(await getProduct(tx, id))) throw new BusinessError('product_unavailable');
    await takeOffShelf(tx, id, now());
    await recordAudit(tx, {
      actorId,
      action: 'copy_product.off_shelf',
      target: `copy:${id}`,
      before: { status: 'on_shelf' },
      after: { status: 'off_shelf' },
    });
  });
  return { msg: 'saved' as const, data: await wireOne(deps, id) };
}
