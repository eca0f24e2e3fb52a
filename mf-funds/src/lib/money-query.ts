/**
 * Money-moving calls of this remote: the Idempotency-Key helpers of shared/remote-kit, and the tags
 * a money call invalidates here.
 */
export { postIdempotent, useIdempotencyKey, apiErrorOf, type IdempotentArgs } from 'shared/remote-kit';

/** Tags every fund figure carries: a money call invalidates them all, so balances and records refresh. */
export const MONEY_TAGS = ['Funds', 'Assets', 'User'] as const;
