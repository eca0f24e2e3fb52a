/** Where a refusal points: a route, customer service, or nowhere (its message says it all). */
export interface WayOut {
  to?: string;
  customerService?: true;
}

/**
 * The way out of the refusals every remote may meet (money, identity, fund password, bank card, account), merged
 * under each remote's own table by createRefusal. Their texts are in the `common` namespace
 * (shared/src/i18n/common): `wayOut.<key>.text` (the hint, where one fits every screen), `wayOut.<key>.action`
 * and `wayOut.customerService`; a remote's own text of the same key wins.
 */
export const COMMON_WAY_OUT: Readonly<Record<string, WayOut>> = {
  insufficient_balance: { to: '/mine/stored' },
  realname_required: { to: '/mine/verified' },
  realname_failed: { to: '/mine/verified' },
  fund_password_not_set: { to: '/mine/fundPassword' },
  fund_password_wrong: { to: '/mine/fundPassword' },
  fund_password_locked: {},
  bank_card_required: { to: '/mine/bankAdd' },
  account_frozen: { customerService: true },
  trading_disabled: { customerService: true },
};

/** The `common` namespace's prefix of the way-out texts. */
export const COMMON_WAY_OUT_PREFIX = 'common:wayOut';
