/**
 * The back office's copy-trading calls: list every product, create one (names, issuer, strategy text,
 * holdings of listed codes with weights summing to 1, lock-up, minimum, capacity, deadline; its base
 * date is the last trading day before creation) and take one off the shelf (no new follows; active
 * ones run to the end of their lock-up). Every call is audited. Nothing here types a return, a unit
 * value or a profit: those come from the market data (nav.ts).
 */
import { MARKET_CURRENCY } from 'shared/money';
import type { InputOf } from '../../contract-input';
import type { Database } from '../../db/database';
import { BusinessError } from '../../errors';
import { recordAudit } from '../audit/audit-service';
import { ADMIN_PAGE_SIZE } from '../common/money-context';
import { moneyTx } from '../ledger/money-tx';
import type { MarketDataProvider } from '../market/provider';
import { userAmount } from '../wire/wire';
import { toI18nLang } from '../wire/lang';
import { getProduct, insertProduct, listProducts, takeOffShelf } from './copy-repository';
import { productsWire } from './copy-service';
import { createNavBook } from './copy-view';
import { previousTradingDate } from './nav';

export interface CopyAdminContext {
  db: Database;
  now: () => Date;
  provider: Pick<MarketDataProvider, 'candles' | 'quote'>;
}

export function createCopyAdmin({ db, now, provider }: CopyAdminContext) {
  const wireOne = async (id: bigint) =>
    db.tx(async (tx) => {
      const row = (await getProduct(tx, id))!;
      const [wire] = await productsWire(tx, [row], 'en', createNavBook(provider, now), now());
      return wire!;
    });

  return {
    async list(input: InputOf<'adminCopyProducts'>) {
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
    },

    async create(actorId: bigint, input: InputOf<'adminCopyProductCreate'>) {
      const currency = MARKET_CURRENCY[input.market];
      const minInvestment = userAmount(input.min_investment, currency, 'min_investment');
      const capacity = userAmount(input.capacity, currency, 'capacity');
      if (capacity.lessThan(minInvestment)) throw new BusinessError('field_invalid', { field: 'capacity' });
      const at = now();
      const deadline = new Date(input.deadline);
      if (deadline <= at) throw new BusinessError('field_invalid', { field: 'deadline' });
      const holdings = input.holdings.map((h) => ({ code: h.code.toUpperCase(), weight: h.weight }));
      for (const h of holdings)
        if (!provider.quote(input.market, h.code, 'en'))
          throw new BusinessError('stock_not_found', { field: 'holdings' });
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
      return { msg: 'saved' as const, data: await wireOne(id) };
    },

    async offShelf(actorId: bigint, input: InputOf<'adminCopyProductOffShelf'>) {
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
      return { msg: 'saved' as const, data: await wireOne(id) };
    },
  };
}

export type CopyAdmin = ReturnType<typeof createCopyAdmin>;
