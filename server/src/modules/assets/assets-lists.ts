/**
 * The per-market asset lists of spec §7 (new shares, withdrawals, products, credits, holdings and their
 * history), each read in the caller's transaction for one user and market's currency.
 */
import { Decimal, toWire } from 'shared/money';
import type { I18nLang } from 'shared/messages';
import type { Tx } from '../../db/database';
import {
  listCopyTradeOrders,
  listCreditOrders,
  listNewShareOrders,
  listPositions,
  listWithdrawals,
  pendingOrdersHeld,
} from './assets-repository';
import { readRules } from '../trade/trade-repository';
import { netPnl } from '../trade/position-wire';
import {
  closedHoldingOf,
  creditOf,
  currencyOf,
  holdingOf,
  newStockOf,
  productOf,
  withdrawalOf,
  type AssetsDeps,
  type Holding,
  type Market,
} from './assets-rows';

/** Positions that hold money: holding (0) and preparing to close (1, until the close fills). */
export const STATUS_OPEN = [0, 1] as const;
const STATUS_CLOSED = 2;

/** The user's new-share subscriptions in the market's currency. */
export const newStocks = async (tx: Tx, userId: bigint, market: Market) =>
  (await listNewShareOrders(tx, userId, currencyOf(market))).map(newStockOf);

/** The user's withdrawals in the market's currency. */
export const withdrawalsOf = async (tx: Tx, userId: bigint, market: Market) =>
  (await listWithdrawals(tx, userId, currencyOf(market))).map(withdrawalOf);

/** The user's copy-trade subscriptions in the market's currency. */
export const products = async (tx: Tx, userId: bigint, market: Market) =>
  (await listCopyTradeOrders(tx, userId, currencyOf(market))).map(productOf);

/** The user's credit orders in the market's currency. */
export const credits = async (tx: Tx, userId: bigint, market: Market) =>
  (await listCreditOrders(tx, userId, currencyOf(market))).map(creditOf);

/** The open holdings by id, their market value (ccsz), floating P&L (fdyk) and pending orders' holds. */
export async function holdings(deps: AssetsDeps, tx: Tx, userId: bigint, market: Market, lang: I18nLang) {
  const { maintenanceRatio } = await readRules(tx);
  const rows = (await listPositions(tx, userId, currencyOf(market), STATUS_OPEN)).map((row) =>
    holdingOf(deps, row, lang, maintenanceRatio),
  );
  const list: Record<string, Holding> = {};
  let ccsz = new Decimal(0);
  let fdyk = new Decimal(0);
  for (const holding of rows) {
    list[holding.id] = holding;
    ccsz = ccsz.plus(holding.market_value);
    fdyk = fdyk.plus(holding.yingkui);
  }
  return {
    list,
    ccsz: toWire(ccsz),
    fdyk: toWire(fdyk),
    pending_frozen: toWire(await pendingOrdersHeld(tx, userId, currencyOf(market))),
  };
}

/** The closed positions and their realised P&L, gross (lsyk) and net of fees (lsyk_net). */
export async function holdingsHistory(
  deps: Pick<AssetsDeps, 'prices'>,
  tx: Tx,
  userId: bigint,
  market: Market,
  lang: I18nLang,
) {
  const rows = await listPositions(tx, userId, currencyOf(market), STATUS_CLOSED);
  let lsyk = new Decimal(0);
  let lsykNet = new Decimal(0);
  const list = rows.map((row) => {
    lsyk = lsyk.plus(row.realisedPnl ?? '0');
    lsykNet = lsykNet.plus(netPnl(row));
    return closedHoldingOf(deps, row, lang);
  });
  return { list, lsyk: toWire(lsyk), lsyk_net: toWire(lsykNet) };
}
