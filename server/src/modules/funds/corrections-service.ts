/**
 * Labelled corrections: the ONLY way an operator touches a balance. A correction is a journal
 * transaction of kind 'correction' between the user and the house `corrections` account, with the
 * operator's reason as its memo (shown to the user in fund records) and an audit log entry. It is
 * never an edit: a correction of a correction (`reverses`) posts the opposite amount, at most once.
 * Like every money event it is announced (issue 35): `correction_posted` in the owner's inbox in the posting's
 * transaction, and by mail once it committed (a retried key replays the answer and tells nobody twice).
 */
import { BusinessError } from '../../errors';
import { assertMayDecideAbout } from '../admin/own-account';
import { findUserIdByAccount } from './corrections-repository';
import { correctionAmount, postCorrection, type CorrectionDeps, type CorrectionInput } from './post-correction';

export type { CorrectionInput } from './post-correction';

/**
 * The rules a correction can be refused by before it runs (amount, minor units, the account), so a four-eyes
 * request is refused at submission rather than at approval; the balance and reversal rules are checked when
 * it runs. Nobody corrects their own account (review_own_account) nor one of an equal or
 * higher role (review_equal_role). Answers the account's user id (the
 * four-eyes request's subject).
 */
export async function precheckCorrection({ db }: CorrectionDeps, actorId: bigint, input: CorrectionInput) {
  correctionAmount(input);
  return db.tx(
    async (tx) => {
      const userId = await findUserIdByAccount(tx, input.account);
      if (userId === undefined) throw new BusinessError('account_not_found', { field: 'account' });
      await assertMayDecideAbout(tx, actorId, userId);
      return userId;
    },
    { readOnly: true },
  );
}

export function createCorrectionsService(deps: CorrectionDeps) {
  return {
    /** The rules checked before a correction runs (precheckCorrection); answers the account's user id. */
    precheck: (actorId: bigint, input: CorrectionInput): Promise<bigint> => precheckCorrection(deps, actorId, input),
    /** Posts a correction or the reversal of one (post-correction.ts). */
    correct: (actorId: bigint, input: CorrectionInput, key: string | undefined) =>
      postCorrection(deps, actorId, input, key),
  };
}

export type CorrectionsService = ReturnType<typeof createCorrectionsService>;
