/**
 * The second step of a password login (docs/decisions/0027-second-factors-and-devices.md). When a user owes a
 * second factor (an administrator always; anyone with a confirmed TOTP factor), /user/login answers a challenge
 * instead of a session: a random token, stored hashed, valid five minutes and five wrong codes. A `verify`
 * challenge is completed by a TOTP or recovery code; an `enrol` challenge (an administrator without a factor)
 * allows only enrolment (/user/loginEnrolTotp) and is completed by a code of the new authenticator. The enrolment
 * starts only with the one-time enrolment code the CLI printed (modules/admin/enrol-codes.ts): the password alone
 * never enrols a back-office factor.
 */
import type { Database, Tx } from '../../db/database';
import { BusinessError } from '../../errors';
import { hashToken, isWellFormedToken, newToken } from '../../security/tokens';
import { spendEnrolCode } from '../admin/enrol-codes';
import { findUserById } from '../users/users-repository';
import {
  claimChallengeTry,
  deleteChallenge,
  handBackChallengeTry,
  insertChallenge,
  lockChallenge,
  markChallengeEnrolCodeOk,
  type ChallengePurpose,
} from './second-factor-repository';
import type { CodeCheck, SecondFactorService } from './second-factor-service';

export const CHALLENGE_SECONDS = 300;
export const CHALLENGE_MAX_ATTEMPTS = 5;

/**
 * In the caller's transaction: claims the challenge's try, then checks the code (the user's budget is claimed by the
 * check); answers the user on success, else the refusal, which the caller throws after commit.
 */
async function checkChallengeCode(tx: Tx, secondFactor: SecondFactorService, challenge: string, code: string) {
  const row = await claimChallengeTry(tx, hashToken(challenge), CHALLENGE_MAX_ATTEMPTS);
  if (!row) return { ok: false as const, key: 'second_factor_challenge_invalid' as const };
  // An enrolment that did not start with the enrolment code completes nothing (no code was checked).
  if (row.purpose === 'enrol' && !row.enrolCodeOk) {
    await handBackChallengeTry(tx, row.id);
    return { ok: false as const, key: 'admin_enrol_code_required' as const };
  }
  const check: CodeCheck & { codes?: string[] } =
    row.purpose === 'enrol'
      ? await secondFactor.confirmPending(tx, row.userId, code)
      : await secondFactor.checkCode(tx, row.userId, code);
  if (check.ok) {
    await deleteChallenge(tx, row.id);
    return { ok: true as const, userId: row.userId, recovery: check.recovery, codes: check.codes };
  }
  // No code was checked when the user's budget was spent: the challenge's try goes back.
  if (check.key === 'too_frequent') await handBackChallengeTry(tx, row.id);
  else if (row.attempts >= CHALLENGE_MAX_ATTEMPTS) await deleteChallenge(tx, row.id);
  return check;
}

export function createLoginChallenges(deps: { db: Database; secondFactor: SecondFactorService; now?: () => Date }) {
  const { db, secondFactor } = deps;
  const now = deps.now ?? (() => new Date());

  async function requireChallenge(challenge: string) {
    if (!isWellFormedToken(challenge)) throw new BusinessError('second_factor_challenge_invalid');
    const row = await db.tx((tx) => lockChallenge(tx, hashToken(challenge)));
    if (!row) throw new BusinessError('second_factor_challenge_invalid');
    return row;
  }

  return {
    /** After the password is verified: the challenge owed, or undefined when a session may be opened. */
    async owed(user: {
      id: bigint;
      role: string;
    }): Promise<{ purpose: ChallengePurpose; challenge: string } | undefined> {
      const challenge = newToken();
      return db.tx(async (tx) => {
        const enabled = await secondFactor.isEnabled(tx, user.id);
        // users.role is kept equal to admin_roles by a trigger (migration 0019): any back-office role owes a factor.
        if (!enabled && user.role !== 'admin') return undefined;
        const purpose: ChallengePurpose = enabled ? 'verify' : 'enrol';
        await insertChallenge(tx, {
          tokenHash: hashToken(challenge),
          userId: user.id,
          purpose,
          seconds: CHALLENGE_SECONDS,
        });
        return { purpose, challenge };
      });
    },

    /**
     * An `enrol` challenge's only use before its code: start the authenticator's enrolment, with the one-time
     * enrolment code (spent here; the same challenge may then restart the enrolment without it).
     */
    async enrol(challenge: string, enrolCode: string): Promise<{ secret: string; uri: string }> {
      const row = await requireChallenge(challenge);
      if (row.purpose !== 'enrol') throw new BusinessError('totp_already_enabled');
      if (!row.enrolCodeOk) {
        if (!enrolCode) throw new BusinessError('admin_enrol_code_required', { field: 'enrol_code' });
        const spent = await spendEnrolCode(db, { userId: row.userId, code: enrolCode, now: now() }, (tx) =>
          markChallengeEnrolCodeOk(tx, row.id),
        );
        if (!spent) throw new BusinessError('admin_enrol_code_wrong', { field: 'enrol_code' });
      }
      const user = await db.tx((tx) => findUserById(tx, row.userId));
      if (!user) throw new BusinessError('second_factor_challenge_invalid');
      return secondFactor.enrol(user.id, user.account);
    },

    /**
     * Checks the code against the challenge; answers the user to open a session for (and, after an enrolment,
     * the first recovery codes). The challenge's try is claimed before the code is checked (a conditional UPDATE,
     * so however many codes arrive at once at most five are checked); a wrong code keeps it, and the challenge
     * dies on the last. The user's code budget is claimed by the check itself (second-factor-service.ts).
     */
    async complete(
      challenge: string,
      code: string,
    ): Promise<{ userId: bigint; recovery?: boolean; recoveryCodes?: string[] }> {
      const first = await requireChallenge(challenge);
      await secondFactor.takeAttempt(first.userId);
      const outcome = await db.tx((tx) => checkChallengeCode(tx, secondFactor, challenge, code));
      if (!outcome.ok) throw new BusinessError(outcome.key, { field: 'code' });
      const { userId, recovery } = outcome;
      return outcome.codes ? { userId, recovery, recoveryCodes: outcome.codes } : { userId, recovery };
    },
  };
}

export type LoginChallenges = ReturnType<typeof createLoginChallenges>;
