/**
 * The six asset calls of spec §7 and getUserinfo, all derived from the user's own rows and ledger
 * balance. Money leaves as decimal strings (toWire); frozen and total come from the shared
 * computeAssets, the same formula the side panel uses (spec §4).
 */
import { computeAssets, computeFrozenParts } from 'shared';
import { CURRENCIES, MARKET_CURRENCY, Decimal, roundMoney, toWire, type Currency } from 'shared/money';
import type { Database, Tx } from '../../db/database';
import { getUserBalance, MARKET_CURRENCIES } from '../ledger/ledger-repository';
import { listRates } from '../exchange/exchange-repository';
import { convertTotal } from './assets-conversion';
import { findUserById } from '../users/users-repository';
import {
  countUnreadMessages,
  debtByCurrency,
  listCopyTradeOrders,
  listCreditOrders,
  listNewShareOrders,
  listPositions,
  listUserBalances,
  pendingOrdersHeld,
  pendingOrdersHeldByCurrency,
  listWithdrawals,
  totalDebt,
  type CopyTradeOrderRow,
  type CreditOrderRow,
  type NewShareOrderRow,
  type PositionRow,
  type WithdrawalRow,
} from './assets-repository';
import type { I18nLang } from 'shared/messages';
import type { PriceSource } from './price-source';
import { fullyPaid, pnlRate } from '../trade/trade-math';
import { marginFigures, netPnl } from '../trade/position-wire';
import { readRules } from '../trade/trade-repository';
import { closableAt, closableFrom, closableReason } from '../trade/t-plus-one';
import type { MarketId } from '../market/calendar';
import { iso } from '../wire/wire';

export type Market = keyof typeof MARKET_CURRENCY;

/** Positions that hold money: holding (0) and preparing to close (1, until the close fills). */
const STATUS_OPEN = [0, 1] as const;
const STATUS_CLOSED = 2;

const wire = (value: string | null | undefined): string => toWire(value ?? '0');
const nonZero = (value: string) => !new Decimal(value).isZero();
/** The account's currencies in reading order: the three markets' first, then the others of spec §9. */
const ACCOUNT_ORDER: readonly Currency[] = [...new Set<Currency>([...MARKET_CURRENCIES, ...CURRENCIES])];
/** These lists read '' for a time not yet reached (spec §7's shapes), not null. */
const isoOrEmpty = (value: Date | null | undefined): string => iso(value) ?? '';

export function createAssetsService(db: Database, prices: PriceSource, now: () => Date = () => new Date()) {
  const currencyOf = (market: Market): Currency => MARKET_CURRENCY[market];

  const newStockOf = (row: NewShareOrderRow) => ({
    id: String(row.id),
    order_no: row.orderNo,
    code: row.code,
    name: row.name,
    status: row.status,
    // spec §3: '-' means nothing subscribed yet.
    rjmoney: row.rjmoney === null ? '-' : wire(row.rjmoney),
    subscription_price: wire(row.subscriptionPrice),
    quantity: wire(row.quantity),
    allotted_quantity: wire(row.allottedQuantity),
    created_at: isoOrEmpty(row.createdAt),
  });
  const newStocks = async (tx: Tx, userId: bigint, market: Market) =>
    (await listNewShareOrders(tx, userId, currencyOf(market))).map(newStockOf);

  const withdrawalOf = (row: WithdrawalRow) => ({
    id: String(row.id),
    order_no: row.orderNo,
    status: row.status,
    money: wire(row.money),
    currency: row.currency,
    bank_name: row.bankName,
    card_number: row.cardNumberMasked,
    reject_reason: row.rejectReason ?? '',
    created_at: isoOrEmpty(row.createdAt),
  });
  const withdrawalsOf = async (tx: Tx, userId: bigint, market: Market) =>
    (await listWithdrawals(tx, userId, currencyOf(market))).map(withdrawalOf);

  const productOf = (row: CopyTradeOrderRow) => ({
    id: String(row.id),
    order_no: row.orderNo,
    status: row.status,
    money: wire(row.money),
    product_name: row.productName,
    issuer: row.issuer,
    lock_days: row.lockDays,
    min_investment: wire(row.minInvestment),
    deadline: isoOrEmpty(row.deadline),
    daily_profit: wire(row.dailyProfit),
    total_profit: wire(row.totalProfit),
    created_at: isoOrEmpty(row.createdAt),
  });
  const products = async (tx: Tx, userId: bigint, market: Market) =>
    (await listCopyTradeOrders(tx, userId, currencyOf(market))).map(productOf);

  const creditOf = (row: CreditOrderRow) => ({
    id: String(row.id),
    order_no: row.orderNo,
    status: row.status,
    credit: wire(row.credit),
    code: row.code,
    name: row.name,
    quantity: wire(row.quantity),
    created_at: isoOrEmpty(row.createdAt),
    // a borrowing's terms (docs/decisions/0023): fee accrued (active) or paid, and the return date
    fee: wire(row.status === 0 ? row.feeAccrued : row.feePaid),
    return_due: isoOrEmpty(row.returnDue),
  });
  const credits = async (tx: Tx, userId: bigint, market: Market) =>
    (await listCreditOrders(tx, userId, currencyOf(market))).map(creditOf);

  /** A holding valued at the last price: P&L is signed by direction (a short gains when price falls). */
  const holdingOf = (row: PositionRow, lang: I18nLang, maintenanceRatio?: Decimal) => {
    const buyPrice = new Decimal(row.buyPrice);
    const nowPrice = new Decimal(prices.lastPrice(row.market, row.code) ?? row.buyPrice);
    const quantity = new Decimal(row.stockNum);
    const perShare = row.direction === 'long' ? nowPrice.minus(buyPrice) : buyPrice.minus(nowPrice);
    return {
      id: String(row.id),
      order_no: row.orderNo,
      code: row.code,
      name: prices.nameOf?.(row.market, row.code, lang) ?? row.name,
      status: row.status,
      direction: row.direction,
      leverage: row.leverage,
      nowprice: toWire(nowPrice),
      stock_num: toWire(quantity),
      buy_price: toWire(buyPrice),
      cost: wire(row.cost),
      market_value: toWire(nowPrice.times(quantity)),
      yingkui: toWire(perShare.times(quantity)),
      // Trading positions (0006_trading.sql): initial margin, opening fee, P&L as % of the margin.
      margin: wire(row.margin),
      fee: wire(row.fee),
      pnl_rate: pnlRate(perShare.times(quantity), row.margin),
      buy_time: isoOrEmpty(row.openedAt ?? row.createdAt),
      // China's T+1 and a new share's lock-up: the first local date it may be closed (null: no such
      // rule), which of the two sets it, and whether it may now
      closable_from: closableFrom(row.market as MarketId, row.openDate, row.closableFrom),
      closable_reason: closableReason(row.market as MarketId, row.openDate, row.closableFrom),
      closable: closableAt(row.market as MarketId, row.openDate, now(), row.closableFrom),
      // Live maintenance ratio, liquidation price and the rule's ratio (the matcher's own arithmetic)
      ...marginFigures(row, nowPrice, maintenanceRatio),
      // Issue 35: a 1× long is cash (no liquidation price, no add margin); a day-trade position is tagged
      fully_paid: fullyPaid(row.direction, row.leverage),
      day_trade: row.dayTradeId !== null && row.dayTradeId !== undefined,
      // Where it came from: a block-trade or new-share allotment is tagged so (not an ordinary limit order).
      source: row.source ?? 'order',
    };
  };

  const holdings = async (tx: Tx, userId: bigint, market: Market, lang: I18nLang) => {
    const { maintenanceRatio } = await readRules(tx);
    const rows = (await listPositions(tx, userId, currencyOf(market), STATUS_OPEN)).map((row) =>
      holdingOf(row, lang, maintenanceRatio),
    );
    const list: Record<string, ReturnType<typeof holdingOf>> = {};
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
  };

  const holdingsHistory = async (tx: Tx, userId: bigint, market: Market, lang: I18nLang) => {
    const rows = await listPositions(tx, userId, currencyOf(market), STATUS_CLOSED);
    let lsyk = new Decimal(0);
    let lsykNet = new Decimal(0);
    const list = rows.map((row) => {
      lsyk = lsyk.plus(row.realisedPnl ?? '0');
      lsykNet = lsykNet.plus(netPnl(row));
      return {
        id: String(row.id),
        order_no: row.orderNo,
        code: row.code,
        name: prices.nameOf?.(row.market, row.code, lang) ?? row.name,
        status: row.status,
        direction: row.direction,
        leverage: row.leverage,
        stock_num: wire(row.stockNum),
        buy_price: wire(row.buyPrice),
        sell_price: wire(row.sellPrice),
        yingkui: wire(row.realisedPnl),
        // Issue 35: after the opening and closing fees (what the balance gained)
        net_pnl: toWire(netPnl(row)),
        day_trade: row.dayTradeId !== null && row.dayTradeId !== undefined,
        margin: wire(row.margin),
        fee: wire(row.fee),
        close_fee: wire(row.closeFee),
        pnl_rate: pnlRate(row.realisedPnl ?? '0', row.margin),
        closed_by: row.closedBy,
        buy_time: isoOrEmpty(row.openedAt ?? row.createdAt),
        sell_time: isoOrEmpty(row.closedAt),
      };
    });
    return { list, lsyk: toWire(lsyk), lsyk_net: toWire(lsykNet) };
  };

  /**
   * The whole account in one snapshot: every currency's spec §4 figures, read for all currencies at
   * once and mapped with the same row mappers and formula as getUserinfo and the list calls, and
   * their total in `display` at the mid rates (convertTotal: rounded once).
   */
  const accountAssets = async (tx: Tx, userId: bigint, display: Currency) => {
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
    const rates = await listRates(tx);
    const currencies = ACCOUNT_ORDER.map((currency) => {
      const of = <R extends { currency: string }>(list: readonly R[]) => list.filter((r) => r.currency === currency);
      const holdingRows = of(rows.positions).map((row) => holdingOf(row, 'zh-CN'));
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
    });
    // JPY, USD and CNY always; another currency once it holds anything.
    const listed = currencies
      .filter((c) => MARKET_CURRENCIES.includes(c.currency) || [c.available, c.held, c.frozen, c.debt].some(nonZero))
      .map(({ held: _held, ...figures }) => figures);
    return { ...convertTotal(listed, display, rates), currencies: listed };
  };

  const read = <T>(fn: (tx: Tx) => Promise<T>) => db.tx(fn, { readOnly: true });

  return {
    newStockList: (userId: bigint, market: Market) => read((tx) => newStocks(tx, userId, market)),
    withdrawalList: (userId: bigint, market: Market) => read((tx) => withdrawalsOf(tx, userId, market)),
    productList: (userId: bigint, market: Market) => read((tx) => products(tx, userId, market)),
    creditList: (userId: bigint, market: Market) => read((tx) => credits(tx, userId, market)),
    holdings: (userId: bigint, market: Market, lang: I18nLang = 'zh-CN') =>
      read((tx) => holdings(tx, userId, market, lang)),
    holdingsHistory: (userId: bigint, market: Market, lang: I18nLang = 'zh-CN') =>
      read((tx) => holdingsHistory(tx, userId, market, lang)),
    /** /user/assets: every currency of the account and their total in `display`. */
    accountAssets: (userId: bigint, display: Currency) => read((tx) => accountAssets(tx, userId, display)),

    /** getUserinfo: balances in the market's currency plus the spec §4 asset figures, one snapshot. */
    userInfo: (userId: bigint, market: Market) =>
      read(async (tx) => {
        const currency = currencyOf(market);
        const user = await findUserById(tx, userId);
        if (!user) throw new Error('session user vanished');
        const balance = await getUserBalance(tx, userId, currency);
        const [newStockRows, withdrawalRows, productRows, creditRows, held] = [
          await newStocks(tx, userId, market),
          await withdrawalsOf(tx, userId, market),
          await products(tx, userId, market),
          await credits(tx, userId, market),
          await holdings(tx, userId, market, 'zh-CN'),
        ];
        const assets = computeAssets(balance.available, {
          newStocks: newStockRows,
          withdrawals: withdrawalRows,
          products: productRows,
          credits: creditRows,
          holdings: Object.values(held.list),
          pendingOrdersFrozen: held.pending_frozen,
        });
        return {
          account: user.account,
          currency,
          jpy: wire(balance.available),
          jpyyjed: wire(await totalDebt(tx, userId, currency)),
          frozen: assets.frozen,
          total: assets.total,
          ccsz: held.ccsz,
          fdyk: held.fdyk,
          realname_status: user.realnameStatus,
          has_fund_password: user.fundPasswordHash !== null,
          unread_messages: await countUnreadMessages(tx, userId),
          invite_code: user.inviteCode,
          // The operator's reason while trading is disabled (the only flag a signed-in user can have).
          ...(user.tradeDisabled && user.restrictionReason ? { restriction_reason: user.restrictionReason } : {}),
        };
      }),
  };
}

export type AssetsService = ReturnType<typeof createAssetsService>;
