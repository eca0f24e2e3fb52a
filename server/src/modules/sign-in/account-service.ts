/**
 * Registration, login, logout and session lookup: the account rules of spec §5/§6 and the session
 * rules of ARCHITECTURE.md "Database". Slow password hashing always runs outside the database
 * transaction, so it never holds PGlite's single session.
 *
 * Decisions (server/README.md):
 * - Login answers wrong_credentials for an unknown account and for a wrong password alike, and an
 *   unknown account still costs one hash: no account enumeration by message or by timing.
 * - An invite code is the inviter's random `invite_code`, never their account (a phone number).
 * - Banned and frozen are reported only after the password is verified.
 */
import type { InputOf } from '../../contract-input';
import type { Database } from '../../db/database';
import { SessionError } from '../../errors';
import type { PasswordHasher } from '../../security/password';
import { MemoryRateStore, RateLimiter, type RateLimits, type RateStore } from '../../security/rate-limit';
import { hashToken, isWellFormedToken } from '../../security/tokens';
import type { NoticeMailer } from '../mail/notice-mail';
import type { ClientInfo } from '../second-factor/devices';
import type { LoginChallenges } from '../second-factor/login-challenge';
import type { PasskeyService, RelyingParty } from '../second-factor/passkey-service';
import { deleteSession, touchSession, type SessionUser } from '../sessions/sessions-repository';
import { login, loginSecondFactor, passkeyLogin } from './login';
import { register, type RegisterInput } from './register';
import type { LoginAnswer, SessionPolicy, SignInContext } from './sign-in-context';

export type { LoginAnswer, SessionPolicy } from './sign-in-context';
export type { RegisterInput } from './register';

export const DEFAULT_SESSION_POLICY: SessionPolicy = { idleSeconds: 2 * 3600, absoluteSeconds: 24 * 3600 };

export function createAccountService(deps: {
  db: Database;
  hasher: PasswordHasher;
  rateLimits: RateLimits;
  /** Where the limits' attempts are kept (the app's store: shared across instances with REDIS_URL). */
  rateStore?: RateStore;
  session: SessionPolicy;
  /** The app clock (the login lock's window). */
  now?: () => Date;
  /** The e-mail copies of the lock and sign-in notices (sent after commit). */
  notices?: NoticeMailer;
  /** The second step of a password login (plugins/security-services.ts builds it). */
  challenges: LoginChallenges;
  /** Passkey sign-in (plugins/security-services.ts builds it). */
  passkeys: Pick<PasskeyService, 'verifyLogin'>;
}) {
  const { db, session } = deps;
  const rateStore = deps.rateStore ?? new MemoryRateStore();
  const ctx: SignInContext = {
    db,
    hasher: deps.hasher,
    session,
    now: deps.now ?? (() => new Date()),
    notices: deps.notices,
    limit: {
      loginAccount: new RateLimiter(rateStore, 'login-account', deps.rateLimits.loginPerAccount),
      loginIp: new RateLimiter(rateStore, 'login-ip', deps.rateLimits.loginPerIp),
      registerAccount: new RateLimiter(rateStore, 'register-account', deps.rateLimits.registerPerAccount),
      registerIp: new RateLimiter(rateStore, 'register-ip', deps.rateLimits.registerPerIp),
    },
    challenges: deps.challenges,
    passkeys: deps.passkeys,
  };

  return {
    /** The notices' e-mails still being sent (tests wait for them). */
    idleNotices: () => deps.notices?.idle() ?? Promise.resolve(),
    /** Opens the account and answers its first session, exactly as login would (register.ts). */
    register: (input: RegisterInput, client: ClientInfo): Promise<LoginAnswer> => register(ctx, input, client),
    /** Password sign-in, or the challenge of the second step when a factor is owed (login.ts). */
    login: (input: InputOf<'login'>, client: ClientInfo): Promise<LoginAnswer> => login(ctx, input, client),
    /** Sign-in with a passkey (login.ts). */
    passkeyLogin: (input: InputOf<'passkeyLogin'>, client: ClientInfo, rp: RelyingParty): Promise<LoginAnswer> =>
      passkeyLogin(ctx, input, client, rp),
    /** An `enrol` challenge starts the authenticator's enrolment with the CLI's one-time enrolment code. */
    async loginEnrolTotp(input: InputOf<'loginEnrolTotp'>): Promise<{ secret: string; uri: string }> {
      return ctx.challenges.enrol(input.challenge, input.enrol_code);
    },
    /** The second step of login: the challenge and a code; answers the session (and new recovery codes). */
    loginSecondFactor: (input: InputOf<'loginSecondFactor'>, client: ClientInfo) =>
      loginSecondFactor(ctx, input, client),

    async logout(token: string): Promise<void> {
      await db.tx((tx) => deleteSession(tx, hashToken(token)));
    },

    /**
     * The user behind the `token` header, which must belong to the `account` header. Throws
     * SessionError (401) otherwise; banned or frozen accounts lose their sessions' use at once.
     */
    async authenticate(token: unknown, account: unknown): Promise<SessionUser> {
      if (!isWellFormedToken(token) || typeof account !== 'string') throw new SessionError();
      const user = await touchSession(db, hashToken(token), session.idleSeconds);
      if (!user || user.account !== account) throw new SessionError();
      if (user.banned) throw new SessionError('account_banned');
      if (user.frozen) throw new SessionError('account_frozen');
      return user;
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
