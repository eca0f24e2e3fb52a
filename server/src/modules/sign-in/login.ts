/**
 * Sign-in: with the password (then the second step when a factor is owed), with a passkey, and the second step
 * itself. Login answers wrong_credentials for an unknown account and for a wrong password alike, and an unknown
 * account still costs one hash: no account enumeration by message or by timing. Banned and frozen are reported only
 * after the credentials are proven. A locked account's password is not checked at all (docs/decisions/0031).
 */
import type { InputOf } from '../../contract-input';
import { BusinessError } from '../../errors';
import { noticeTime } from '../common/notice-time';
import { notify } from '../inbox/inbox-service';
import type { ClientInfo } from '../second-factor/devices';
import type { RelyingParty } from '../second-factor/passkey-service';
import { passkeyFactor } from '../second-factor/step-up';
import { findUserByAccount, findUserById, type UserRow } from '../users/users-repository';
import { accountLocked, clearFailedLogins, countFailedLogin, LOGIN_LOCK, refuseLocked } from './login-lock';
import { guardQueue, openSession, refuseRestricted, type LoginAnswer, type SignInContext } from './sign-in-context';

/** Counts a wrong password; the try that locks the account tells its owner (inbox, and e-mail after commit). */
async function countWrongPassword(ctx: SignInContext, user: UserRow, client: ClientInfo): Promise<void> {
  const at = ctx.now();
  const lock = await ctx.db.tx(async (tx) => {
    const counted = await countFailedLogin(tx, user.id, at);
    if (!counted.lockedNow || !counted.lockedUntil) return undefined;
    const notice = {
      key: 'account_locked' as const,
      values: { count: String(counted.failures), ip: client.ip || '-', until: noticeTime(counted.lockedUntil) },
    };
    await notify(tx, user.id, notice, at);
    return notice;
  });
  if (lock) ctx.notices?.send(user.email, lock);
}

export async function login(ctx: SignInContext, input: InputOf<'login'>, client: ClientInfo): Promise<LoginAnswer> {
  const { db, hasher, limit, now } = ctx;
  const { ip } = client;
  if (!(await limit.loginIp.take(ip)) || !(await limit.loginAccount.take(input.account)))
    throw new BusinessError('too_frequent');
  const user = await db.tx((tx) => findUserByAccount(tx, input.account));
  // A locked account's password is not checked at all (docs/decisions/0031): no oracle while locked.
  if (user) refuseLocked(user, now());
  const valid = user
    ? await guardQueue(() => hasher.verify(input.password, user.passwordHash))
    : await guardQueue(() => hasher.verifyDummy(input.password));
  if (user && !valid) await countWrongPassword(ctx, user, client);
  if (!user || !valid) throw new BusinessError('wrong_credentials');
  // A right password that raced past the check above while another try locked the account is refused too.
  const at = now();
  if (!(await db.tx((tx) => clearFailedLogins(tx, user.id, at)))) {
    const locked = await db.tx((tx) => findUserById(tx, user.id));
    throw accountLocked(locked?.lockedUntil ?? new Date(at.getTime() + LOGIN_LOCK.lockMs));
  }
  refuseRestricted(user);
  const owed = await ctx.challenges.owed(user);
  if (owed) {
    const isAdmin = user.role === 'admin' ? '1' : '';
    return {
      token: '',
      account: user.account,
      is_admin: isAdmin,
      second_factor: owed.purpose,
      challenge: owed.challenge,
    };
  }
  return openSession(ctx, user, client);
}

/**
 * Sign-in with a passkey: user verification on the device makes it both factors, so no TOTP step follows.
 * The back office counts it only when the passkey was registered with a second factor (docs/decisions/0027,
 * amendment of 2026-12-01); a suspended passkey signs in to nothing.
 */
export async function passkeyLogin(
  ctx: SignInContext,
  input: InputOf<'passkeyLogin'>,
  client: ClientInfo,
  rp: RelyingParty,
): Promise<LoginAnswer> {
  const { db, now } = ctx;
  if (!(await ctx.limit.loginIp.take(client.ip))) throw new BusinessError('too_frequent');
  const passkey = await ctx.passkeys.verifyLogin(input.credential, rp);
  const user = await db.tx((tx) => findUserById(tx, passkey.userId));
  if (!user) throw new BusinessError('passkey_not_recognised');
  refuseRestricted(user);
  // A passkey sign-in is phishing-resistant: it ends a login lock (docs/decisions/0031).
  await db.tx((tx) => clearFailedLogins(tx, user.id, now(), { unlock: true }));
  return openSession(ctx, user, client, [passkeyFactor(passkey)]);
}

/** The second step of login: the challenge and a code; answers the session (and new recovery codes). */
export async function loginSecondFactor(
  ctx: SignInContext,
  input: InputOf<'loginSecondFactor'>,
  client: ClientInfo,
): Promise<LoginAnswer & { recovery_codes?: string[] }> {
  const done = await ctx.challenges.complete(input.challenge, input.code);
  const user = await ctx.db.tx((tx) => findUserById(tx, done.userId));
  if (!user) throw new BusinessError('second_factor_challenge_invalid');
  refuseRestricted(user);
  const answer = await openSession(ctx, user, client, ['password', done.recovery ? 'recovery' : 'totp']);
  return done.recoveryCodes ? { ...answer, recovery_codes: done.recoveryCodes } : answer;
}
