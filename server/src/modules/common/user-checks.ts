/**
 * The rule the money calls share (the funds side calls it inside its transaction):
 * assertCanMoveMoney: banned and frozen accounts move nothing (account_banned, account_frozen);
 * deposits and withdrawals need verified identity (realnameRefusal: realname_failed after a rejected check,
 * realname_required otherwise) and, when asked, a bound
 * card (bank_card_required). assertMayTrade: the same, plus the operator's trading bar (trading_disabled
 * with the operator's reason), for every call that opens new exposure (docs/decisions/0009-trading-rules.md).
 * tradingDisabled: that refusal, for the SQL that reads the flag itself (the trade engine). Bank cards are
 * in modules/bank-cards, the fund password and its throttle in modules/passwords.
 */
import type { Tx } from '../../db/database';
import { BusinessError } from '../../errors';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/query';
import type { users } from '../../db/schema';

export type MoneyUserRow = Pick<
  typeof users.$inferSelect,
  'account' | 'frozen' | 'banned' | 'tradeDisabled' | 'restrictionReason' | 'realnameStatus' | 'realnameName'
> & {
  /** How many bank cards the user has bound. */
  cards: number;
};

/**
 * What the money calls check before moving anything: status flags (with the trading bar's reason), identity, cards.
 * `keyShare`: the row is read FOR KEY SHARE, so an operator's flag change (lockUserFlagsByAccount, FOR UPDATE) waits
 * for this transaction, or this read waits for it and sees the new flags: nothing passes the check after a bar.
 */
export async function readMoneyUser(
  tx: Tx,
  userId: bigint,
  options: { keyShare?: boolean } = {},
): Promise<MoneyUserRow | undefined> {
  const rows = await queryRows<MoneyUserRow>(
    tx,
    sql`SELECT u.account, u.frozen, u.banned, u.trade_disabled AS "tradeDisabled",
               u.restriction_reason AS "restrictionReason",
               u.realname_status AS "realnameStatus", u.realname_name AS "realnameName",
               (SELECT count(*)::int FROM bank_cards c WHERE c.user_id = u.id) AS cards
        FROM users u WHERE u.id = ${userId}${options.keyShare ? sql` FOR KEY SHARE OF u` : sql``}`,
  );
  return rows[0];
}

export interface MoneyUser {
  userId: bigint;
  account: string;
  realnameName: string | null;
}

export async function assertCanMoveMoney(
  tx: Tx,
  userId: bigint,
  options: { needCard?: boolean; trading?: boolean } = {},
): Promise<MoneyUser> {
  const user = await readMoneyUser(tx, userId, { keyShare: options.trading });
  if (!user) throw new BusinessError('account_not_found');
  if (user.banned) throw new BusinessError('account_banned');
  if (user.frozen) throw new BusinessError('account_frozen');
  if (user.realnameStatus !== 'verified') throw realnameRefusal(user.realnameStatus);
  if (options.trading && user.tradeDisabled) throw tradingDisabled(user.restrictionReason);
  if (options.needCard && user.cards === 0) throw new BusinessError('bank_card_required');
  return { userId, account: user.account, realnameName: user.realnameName };
}

/**
 * Why an identity that is not verified is refused: `realname_failed` when the last check was rejected (the way
 * out is to submit again, which /user/realname accepts in that state), `realname_required` while there is none
 * or one is still pending. Every identity guard (money, trading, bank cards, day-trade orders) answers with it.
 */
export function realnameRefusal(status: string | null | undefined): BusinessError {
  return new BusinessError(status === 'failed' ? 'realname_failed' : 'realname_required');
}

/**
 * The rule of every call that opens new exposure (a new-share subscription, a block-trade application, a
 * copy-trading follow, a day-trade application, a lending out, a borrow-and-sell): assertCanMoveMoney, then
 * the operator's trading bar (trading_disabled, with the reason), read in the caller's transaction with the
 * user's row key-share locked, so a bar committed before the change is always seen. Calls that reduce risk
 * (closing, selling, redeeming, repaying, recalling) do not call it: a barred account may still get out.
 */
export async function assertMayTrade(tx: Tx, userId: bigint): Promise<MoneyUser> {
  return assertCanMoveMoney(tx, userId, { trading: true });
}

/**
 * `trading_disabled` carrying the operator's reason (users.restriction_reason, 0023) as
 * values.reason; "-" when none is stored (an account barred before reasons were kept), as the inbox
 * shows a missing reason, so the text never shows an empty slot.
 */
export function tradingDisabled(restrictionReason: string | null): BusinessError {
  const reason = restrictionReason?.trim();
  return new BusinessError('trading_disabled', { values: { reason: reason || '-' } });
}
