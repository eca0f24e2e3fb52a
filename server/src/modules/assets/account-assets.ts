/**
 * /user/assets: the whole account in one snapshot: every currency's spec §4 figures, read for all
 * currencies at once and mapped with the same row mappers and formula as getUserinfo and the list calls,
 * and their total in `display` at the mid rates (convertTotal: rounded once).
 */
import { computeAssets, computeFrozenParts } from 'shared';
import { CURRENCIES, Decimal, roundMoney, toWire, type Currency } from 'shared/money';
import type { Tx } from '../../db/database';
import { MARKET_CURRENCIES } from '../ledger/ledger-repository';
import { listRates } from '../exchange/exchange-repository';
import { convertTotal } from './assets-conversion';
import {
  debtByCurrency,
  listCopyTradeOrders,
  listCreditOrders,
  listNewShareOrders,
  listPositions,
  listUserBalances,
  listWithdrawals,
  pendingOrdersHeldByCurrency,
} from './assets-repository';
import { STATUS_OPEN } from './assets-lists';
import { creditOf, holdingOf, newStockOf, productOf, wire, withdrawalOf, type AssetsDeps } from './assets-rows';

const nonZero = (value: string) => !new Decimal(value).isZero();
/** The account's currencies in reading order: the three markets' first, then the others of spec §9. */
const ACCOUNT_ORDER: readonly Currency[] = [...new Set<Currency>([...MARKET_CURRENCIES, ...CURRENCIES])];

/** Every currency's rows, read at once for the whole account. */
async function readAccountRows(tx: Tx, userId: bigint) {
  const balances = new Map((await listUserBalances(tx, userId)).map((b) => [b.currency as Currency, b]));
  const rows = {
    newStocks: await listNewShareOrders(tx, userId, CURRENCIES),
    withdrawals: await listWithdrawals(tx, userId, CURRENCIES),
    products: await listCopyTradeOrders(tx, userId, CURRENCIES),
    credits: await listCreditOrders(tx, userId, CURRENCIES),
    positions: await listPositions(tx, userId, CURRENCIES, STATUS_OPEN),
  };
  const pending = await pendingOrdersHeldByCurrency(tx, userId);
  const debts = await debtByCurrency(tx, userId);
  return { balances, rows, pending, debts };
}

type AccountRows = Awaited<ReturnType<typeof readAccountRows>>;

/** One currency's spec §4 figures: available, frozen and its parts, debt, holdings, total (held: for the filter). */
function currencyFigures(deps: AssetsDeps, { balances, rows, pending, debts }: AccountRows, currency: Currency) {
  const of = <R extends { currency: string }>(list: readonly R[]) => list.filter((r) => r.currency === currency);
  const holdingRows = of(rows.positions).map((row) => holdingOf(deps, row, 'zh-CN'));
  const available = wire(balances.get(currency)?.available);
  const lists = {
    newStocks: of(rows.newStocks).map(newStockOf),
    withdrawals: of(rows.withdrawals).map(withdrawalOf),
    products: of(rows.products).map(productOf),
    credits: of(rows.credits).map(creditOf),
    holdings: holdingRows,
    pendingOrdersFrozen: pending.get(currency),
  };
  const parts = computeFrozenParts(lists);
  const { frozen, total } = computeAssets(available, lists);
  const sum = (key: 'market_value' | 'yingkui') => holdingRows.reduce((acc, h) => acc.plus(h[key]), new Decimal(0));
  return {
    currency,
    available,
    frozen,
    frozen_parts: {
      new_shares: toWire(parts.newShares),
      withdrawals: toWire(parts.withdrawals),
      copy_trades: toWire(parts.copyTrades),
      credit_orders: toWire(parts.creditOrders),
      holdings: toWire(parts.holdings),
      pending_orders: toWire(parts.pendingOrders),
    },
    debt: wire(debts.get(currency)),
    holdings_value: toWire(roundMoney(sum('market_value'), currency)),
    unrealised: toWire(roundMoney(sum('yingkui'), currency)),
    total,
    held: wire(balances.get(currency)?.held),
  };
}

/** The account's currencies and their total in `display`, in the caller's transaction. */
export async function accountAssets(deps: AssetsDeps, tx: Tx, userId: bigint, display: Currency) {
  const accountRows = await readAccountRows(tx, userId);
  const rates = await listRates(tx);
  const currencies = ACCOUNT_ORDER.map((currency) => currencyFigures(deps, accountRows, currency));
  // JPY, USD and CNY always; another currency once it holds anything.
  const listed = currencies
    .filter((c) => MARKET_CURRENCIES.includes(c.currency) || [c.available, c.held, c.frozen, c.debt].some(nonZero))
    .map(({ held: _held, ...figures }) => figures);
  return { ...convertTotal(listed, display, rates), currencies: listed };
}
