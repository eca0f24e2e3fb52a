/**
 * Block trades, the back office's side (docs/decisions/0017-block-trades.md): listing a block
 * (stock, block price, minimum and total lots, deadline, channel password stored hashed; the live
 * price, the dividend and the financing terms are never typed), closing or withdrawing it, the
 * review lists and the review itself. Every action is in the audit log.
 *
 * Review, exactly once (the user's accounts locked first, then `UPDATE … WHERE status = 0`):
 *   approve: the application's hold is released and, in the same transaction, the holding takes the
 *            money back as its margin hold (insertGrantedHolding); a financed block also pays its
 *            financing fee to the house 'loan_interest' account (a balanced journal transaction); the
 *            owner's inbox says placement_success with the shares, the price, the amount and the order number.
 *   reject:  the hold is released, the lots go back to the listing, the reason goes to the inbox.
 *
 * The use cases are module-level (block-listing-admin.ts, block-admin-lists.ts, block-review.ts); this
 * factory wires them.
 */
import type { InputOf } from '../../contract-input';
import { adminApplications, adminListings } from './block-admin-lists';
import type { BlockAdminContext } from './block-context';
import { closeBlockListing, createListing } from './block-listing-admin';
import { reviewApplication } from './block-review';

export type { BlockAdminContext } from './block-context';
export { readFinancingTerms } from './block-listing-admin';

export function createBlockAdminService(deps: BlockAdminContext) {
  return {
    create: (actorId: bigint, input: InputOf<'adminBlockCreate'>) => createListing(deps, actorId, input),

    /** Close: no new applications. Withdraw: also rejects every pending application (holds released). */
    close: (actorId: bigint, input: InputOf<'adminBlockClose'>) => closeBlockListing(deps, actorId, input),

    listings: (input: InputOf<'adminBlockListings'>) => adminListings(deps, input),

    applications: (input: InputOf<'adminBlockApplications'>) => adminApplications(deps, input),

    /** Exactly one reviewer wins (review_already_done for the others). */
    review: (actorId: bigint, input: InputOf<'adminBlockReview'>) => reviewApplication(deps, actorId, input),
  };
}

export type BlockAdminService = ReturnType<typeof createBlockAdminService>;
