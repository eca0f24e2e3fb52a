/**
 * What a money call of this remote invalidates. The calls themselves are contract mutations
 * (shared/api `contractMutation`): the base query sends their Idempotency-Key.
 */

/** Tags every fund figure carries: a money call invalidates them all, so balances and records refresh. */
export const MONEY_TAGS = ['Funds', 'Assets', 'User'] as const;
