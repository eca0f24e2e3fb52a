/**
 * /user/register: opens the account and answers its first session, exactly as login would. Rate-limited per IP and
 * per account before anything else; the password policy is checked before the slow hash, which runs outside any
 * transaction. An invite code is the inviter's random `invite_code`, never their account (a phone number).
 */
import type { InputOf } from '../../contract-input';
import { BusinessError } from '../../errors';
import { assertPasswordAllowed } from '../../security/password-policy';
import { newInviteCode } from '../../security/tokens';
import { openUserAccounts } from '../ledger/ledger-repository';
import type { ClientInfo } from '../second-factor/devices';
import { getConfigValue } from '../site-config/site-config-repository';
import { findUserIdByInviteCode, insertUser } from '../users/users-repository';
import { guardQueue, openSession, type LoginAnswer, type SignInContext } from './sign-in-context';

/** What registration reads of the /user/register body (password2 and agree are checked by the schema). */
export type RegisterInput = Pick<InputOf<'register'>, 'account' | 'email' | 'password' | 'invite_code'>;

export async function register(ctx: SignInContext, input: RegisterInput, client: ClientInfo): Promise<LoginAnswer> {
  const { db, hasher, limit } = ctx;
  const { ip } = client;
  if (!(await limit.registerIp.take(ip)) || !(await limit.registerAccount.take(input.account)))
    throw new BusinessError('too_frequent');
  assertPasswordAllowed(input.password, { account: input.account, email: input.email });
  const inviteCode = input.invite_code.trim().toUpperCase();
  const inviterId = await db.tx(async (tx) => {
    const required = (await getConfigValue(tx, 'invite_required')) === '1';
    if (!inviteCode) {
      if (required) throw new BusinessError('invite_code_required', { field: 'invite_code' });
      return null;
    }
    const id = await findUserIdByInviteCode(tx, inviteCode);
    if (id === undefined) throw new BusinessError('inviter_not_found', { field: 'invite_code' });
    return id;
  });
  const passwordHash = await guardQueue(() => hasher.hash(input.password));
  const userId = await db.tx(async (tx) => {
    // A fresh random code can collide with an existing one; retry rather than fail the user.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const candidate = newInviteCode();
      if ((await findUserIdByInviteCode(tx, candidate)) !== undefined) continue;
      const userId = await insertUser(tx, {
        account: input.account,
        email: input.email,
        passwordHash,
        inviteCode: candidate,
        invitedBy: inviterId,
      });
      if (userId === undefined) throw new BusinessError('account_exists', { field: 'account' });
      await openUserAccounts(tx, userId);
      return userId;
    }
    throw new Error('could not allocate an invite code');
  });
  return openSession(ctx, { id: userId, account: input.account, role: 'user' }, client, ['password'], false);
}
