/**
 * Block trades, the user's side (docs/decisions/0017-block-trades.md): the listings, applying with
 * the channel password, and the user's applications. Reviews, listing and closing are the back
 * office's (block-admin.ts); dividends of dividend blocks are paid by block-dividends.ts.
 *
 * Applying (block-apply.ts): the channel password is checked first, outside the money transaction,
 * because a wrong one must be counted even though the call is refused. The try is claimed before the
 * slow hash runs, in its own committed transaction (a conditional upsert: at most five claimed per user,
 * listing and market-local day, however many requests arrive at once), and a right password hands it
 * back. Five wrong tries lock the listing for the user until the end of the market-local day
 * (channel_password_locked {until}, answered before any hash); wrong tries never count against the
 * money calls' 2-second limit. Then, in one money transaction with the Idempotency-Key: the listing is
 * open, the lots at least the minimum and within what is left (taken with a conditional UPDATE), no
 * other application of the user to it waits, the fund password and identity, and the cost is held.
 *
 * The reads are block-user-lists.ts; this factory wires the use cases.
 */
import type { InputOf } from '../../contract-input';
import { applyForBlock } from './block-apply';
import type { BlockContext } from './block-context';
import { blockInfo, listBlocks, userApplicationInfo, userApplications } from './block-user-lists';

export type { BlockContext } from './block-context';

export function createBlockService(deps: BlockContext) {
  return {
    list: (userId: bigint, input: InputOf<'blockList'>) => listBlocks(deps, userId, input),

    info: (userId: bigint, input: InputOf<'blockInfo'>) => blockInfo(deps, userId, input),

    apply: (userId: bigint, input: InputOf<'blockApply'>, key: string | undefined) =>
      applyForBlock(deps, userId, input, key),

    applications: (userId: bigint, input: InputOf<'blockApplications'>) => userApplications(deps, userId, input),

    applicationInfo: (userId: bigint, input: InputOf<'blockApplicationInfo'>) =>
      userApplicationInfo(deps, userId, input),
  };
}

export type BlockService = ReturnType<typeof createBlockService>;
