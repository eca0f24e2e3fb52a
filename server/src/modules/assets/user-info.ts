/**
 * getUserinfo: balances in the market's currency plus the spec §4 asset figures, one snapshot (the
 * caller's transaction), from the same lists and formula (computeAssets) as the side panel.
 */
import { computeAssets } from 'shared';
import type { Tx } from '../../db/database';
import { getUserBalance } from '../ledger/ledger-repository';
import { findUserById } from '../users/users-repository';
import { countUnreadMessages, totalDebt } from './assets-repository';
import { credits, holdings, newStocks, products, withdrawalsOf } from './assets-lists';
import { currencyOf, wire, type AssetsDeps, type Market } from './assets-rows';

/** The signed-in user's account, balance, debt, asset figures and flags in the market's currency. */
export async function userInfo(deps: AssetsDeps, tx: Tx, userId: bigint, market: Market) {
  const currency = currencyOf(market);
  const user = await findUserById(tx, userId);
  if (!user) throw new Error('session user vanished');
  const balance = await getUserBalance(tx, userId, currency);
  const [newStockRows, withdrawalRows, productRows, creditRows, held] = [
    await newStocks(tx, userId, market),
    await withdrawalsOf(tx, userId, market),
    await products(tx, userId, market),
    await credits(tx, userId, market),
    await holdings(deps, tx, userId, market, 'zh-CN'),
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
}
