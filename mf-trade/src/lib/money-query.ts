/**
 * Money-moving calls of this remote: reading a call's refusal (shared/remote-kit), and the tags a money
 * call invalidates here (the Idempotency-Key is useContractForm's).
 */
export { apiErrorOf } from 'shared/remote-kit';

/**
 * Tags every trading figure carries: an order, a cancel or a close invalidates them all (balances,
 * positions, orders, fund records).
 */
export const MONEY_TAGS = ['Funds', 'Assets', 'User', 'Positions', 'Orders'] as const;
