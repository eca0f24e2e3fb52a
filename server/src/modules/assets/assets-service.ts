/**
 * The six asset calls of spec §7 and getUserinfo, all derived from the user's own rows and ledger
 * balance. Money leaves as decimal strings (toWire); frozen and total come from the shared
 * computeAssets, the same formula the side panel uses (spec §4). The use cases are module-level
 * (assets-lists.ts, account-assets.ts, user-info.ts); this factory wires them, each in one read-only
 * transaction.
 */
import type { Currency } from 'shared/money';
import type { I18nLang } from 'shared/messages';
import type { Database, Tx } from '../../db/database';
import type { PriceSource } from './price-source';
import { accountAssets } from './account-assets';
import { credits, holdings, holdingsHistory, newStocks, products, withdrawalsOf } from './assets-lists';
import type { AssetsDeps, Market } from './assets-rows';
import { userInfo } from './user-info';

export type { Market } from './assets-rows';

export function createAssetsService(db: Database, prices: PriceSource, now: () => Date = () => new Date()) {
  const deps: AssetsDeps = { prices, now };
  const read = <T>(fn: (tx: Tx) => Promise<T>) => db.tx(fn, { readOnly: true });

  return {
    newStockList: (userId: bigint, market: Market) => read((tx) => newStocks(tx, userId, market)),
    withdrawalList: (userId: bigint, market: Market) => read((tx) => withdrawalsOf(tx, userId, market)),
    productList: (userId: bigint, market: Market) => read((tx) => products(tx, userId, market)),
    creditList: (userId: bigint, market: Market) => read((tx) => credits(tx, userId, market)),
    holdings: (userId: bigint, market: Market, lang: I18nLang = 'zh-CN') =>
      read((tx) => holdings(deps, tx, userId, market, lang)),
    holdingsHistory: (userId: bigint, market: Market, lang: I18nLang = 'zh-CN') =>
      read((tx) => holdingsHistory(deps, tx, userId, market, lang)),
    /** /user/assets: every currency of the account and their total in `display`. */
    accountAssets: (userId: bigint, display: Currency) => read((tx) => accountAssets(deps, tx, userId, display)),

    /** getUserinfo: balances in the market's currency plus the spec §4 asset figures, one snapshot. */
    userInfo: (userId: bigint, market: Market) => read((tx) => userInfo(deps, tx, userId, market)),
  };
}

export type AssetsService = ReturnType<typeof createAssetsService>;
