/**
 * Passkeys (WebAuthn, @simplewebauthn/server; docs/decisions/0027-second-factors-and-devices.md): registration
 * by a signed-in user, sign-in with a discoverable passkey (user verification required, so a passkey is both
 * factors at once), and a fresh assertion bound to one withdrawal. Every challenge is random, stored, valid five
 * minutes and used once. The relying party (RP ID and allowed origins) comes from WEBAUTHN_RP_ID /
 * WEBAUTHN_ORIGINS when set, else from the request's Host.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import Decimal from 'decimal.js';
import type { Database } from '../../db/database';
import { BusinessError } from '../../errors';
import { DEFAULT_RATE_LIMITS, MemoryRateStore, RateLimiter } from '../../security/rate-limit';
import {
  confirmPasskey,
  deletePasskey,
  findPasskey,
  insertPasskey,
  insertWebAuthnChallenge,
  listPasskeys,
  markPasskeyUsed,
  takeWebAuthnChallenge,
  type PasskeyRow,
  type WebAuthnPurpose,
} from './passkeys-repository';

export const WEBAUTHN_CHALLENGE_SECONDS = 300;

/** Who the passkeys are for: the RP ID (a host name) and the origins a browser may sign from. */
export interface RelyingParty {
  id: string;
  origins: string[];
}

/** The relying party of a request: the environment's, else the Host header's (http and https). */
export function relyingPartyOf(host: string | undefined, env: NodeJS.ProcessEnv = process.env): RelyingParty {
  const hostname = (host ?? 'localhost').replace(/:\d+$/, '');
  const id = env.WEBAUTHN_RP_ID || hostname;
  const origins = env.WEBAUTHN_ORIGINS
    ? env.WEBAUTHN_ORIGINS.split(',').map((origin) => origin.trim())
    : [`https://${host ?? 'localhost'}`, `http://${host ?? 'localhost'}`];
  return { id, origins };
}

/** The challenge a client put in its clientDataJSON (verification checks it again against the stored one). */
function challengeOf(response: { response?: { clientDataJSON?: unknown } }): string {
  try {
    const json = Buffer.from(String(response.response?.clientDataJSON), 'base64url').toString('utf8');
    const challenge = (JSON.parse(json) as { challenge?: unknown }).challenge;
    if (typeof challenge === 'string' && challenge) return challenge;
  } catch {
    // answered below
  }
  throw new BusinessError('passkey_response_invalid');
}

function parseResponse<T>(text: string): T {
  try {
    const value = JSON.parse(text) as unknown;
    if (value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string') return value as T;
  } catch {
    // answered below
  }
  throw new BusinessError('passkey_response_invalid', { field: 'credential' });
}

/** A withdrawal's identity for binding: the fields that decide where money goes. */
export function withdrawalBinding(input: { amount: string; currency: string; card_id: number }): string {
  // "30000" and "30000.00" are one withdrawal.
  return JSON.stringify([new Decimal(input.amount).toFixed(), input.currency, input.card_id]);
}

export function createPasskeyService(deps: {
  db: Database;
  rpName?: string;
  /** Sign-in options per client IP (each writes a challenge row, unauthenticated): too_frequent past it. */
  loginOptionsLimiter?: RateLimiter;
}) {
  const { db } = deps;
  const rpName = deps.rpName ?? 'Kabu';
  const loginOptionsLimiter =
    deps.loginOptionsLimiter ??
    new RateLimiter(new MemoryRateStore(), 'passkey-options-ip', DEFAULT_RATE_LIMITS.passkeyOptionsPerIp);

  async function storeChallenge(challenge: string, userId: bigint | null, purpose: WebAuthnPurpose, bound = '') {
    await db.tx((tx) =>
      insertWebAuthnChallenge(tx, { challenge, userId, purpose, bound, seconds: WEBAUTHN_CHALLENGE_SECONDS }),
    );
  }

  /**
   * Verifies an assertion against a stored challenge of `purpose`; answers the passkey (its user, and whether it
   * was registered with a second factor). A suspended passkey (after a password reset) is refused.
   */
  async function verifyAssertion(
    credentialText: string,
    purpose: WebAuthnPurpose,
    rp: RelyingParty,
    expect: { userId?: bigint; bound?: string } = {},
  ): Promise<PasskeyRow> {
    const response = parseResponse<AuthenticationResponseJSON>(credentialText);
    const challenge = challengeOf(response);
    const stored = await db.tx((tx) => takeWebAuthnChallenge(tx, challenge, purpose));
    if (!stored) throw new BusinessError('passkey_challenge_expired');
    if (expect.userId !== undefined && stored.userId !== expect.userId)
      throw new BusinessError('passkey_challenge_expired');
    if (expect.bound !== undefined && stored.bound !== expect.bound)
      throw new BusinessError('passkey_withdraw_mismatch');
    const passkey = await db.tx((tx) => findPasskey(tx, response.id));
    if (!passkey || (expect.userId !== undefined && passkey.userId !== expect.userId))
      throw new BusinessError('passkey_not_recognised');
    if (passkey.suspended) throw new BusinessError('passkey_suspended');
    let verification;
    try {
      verification = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: rp.origins,
        expectedRPID: rp.id,
        credential: {
          id: passkey.credentialId,
          publicKey: Buffer.from(passkey.publicKey, 'base64url'),
          counter: passkey.signCount,
          transports: passkey.transports,
        },
        requireUserVerification: true,
      });
    } catch {
      throw new BusinessError('passkey_verification_failed');
    }
    if (!verification.verified) throw new BusinessError('passkey_verification_failed');
    await db.tx((tx) => markPasskeyUsed(tx, passkey.id, verification.authenticationInfo.newCounter));
    return passkey;
  }

  /** Request options for an assertion by one of the user's usable (not suspended) passkeys. */
  async function ownOptions(userId: bigint, purpose: WebAuthnPurpose, rp: RelyingParty, bound = '') {
    const usable = (await db.tx((tx) => listPasskeys(tx, userId))).filter((p) => !p.suspended);
    if (!usable.length) throw new BusinessError('passkey_not_found');
    const options = await generateAuthenticationOptions({
      rpID: rp.id,
      userVerification: 'required',
      allowCredentials: usable.map((p) => ({ id: p.credentialId, transports: p.transports })),
    });
    await storeChallenge(options.challenge, userId, purpose, bound);
    return { options };
  }

  return {
    async list(userId: bigint) {
      const rows = await db.tx((tx) => listPasskeys(tx, userId));
      return {
        list: rows.map((row) => ({
          id: row.id,
          name: row.name,
          created_at: row.createdAt.toISOString(),
          last_used_at: row.lastUsedAt?.toISOString() ?? null,
          suspended: row.suspended,
        })),
      };
    },

    async remove(userId: bigint, id: number): Promise<void> {
      if (!(await db.tx((tx) => deletePasskey(tx, userId, id)))) throw new BusinessError('passkey_not_found');
    },

    /** The owner confirms a passkey a password reset suspended (after a step-up; the handler checks it). */
    async confirm(userId: bigint, id: number): Promise<void> {
      if (!(await db.tx((tx) => confirmPasskey(tx, userId, id)))) throw new BusinessError('passkey_not_found');
    },

    /** Whether the user has a passkey that may sign (not suspended): then a step-up may use it. */
    async hasUsable(userId: bigint): Promise<boolean> {
      return (await db.tx((tx) => listPasskeys(tx, userId))).some((p) => !p.suspended);
    },

    /** Creation options for navigator.credentials.create (a discoverable credential, user verification). */
    async registrationOptions(user: { userId: bigint; account: string }, rp: RelyingParty) {
      const existing = await db.tx((tx) => listPasskeys(tx, user.userId));
      const options = await generateRegistrationOptions({
        rpName,
        rpID: rp.id,
        userName: user.account,
        userID: Buffer.from(String(user.userId)),
        attestationType: 'none',
        excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      await storeChallenge(options.challenge, user.userId, 'register');
      return { options };
    },

    /**
     * Verifies the attestation (format none is enough: we trust the passkey, not a vendor) and stores the key.
     * `secondFactor`: the registering session or its step-up proved TOTP, a recovery code or such a passkey.
     */
    async register(
      userId: bigint,
      credentialText: string,
      name: string,
      rp: RelyingParty,
      secondFactor: boolean,
    ): Promise<{ id: number }> {
      const response = parseResponse<RegistrationResponseJSON>(credentialText);
      const challenge = challengeOf(response);
      const stored = await db.tx((tx) => takeWebAuthnChallenge(tx, challenge, 'register'));
      if (!stored || stored.userId !== userId) throw new BusinessError('passkey_challenge_expired');
      let verification;
      try {
        verification = await verifyRegistrationResponse({
          response,
          expectedChallenge: challenge,
          expectedOrigin: rp.origins,
          expectedRPID: rp.id,
          requireUserVerification: true,
        });
      } catch {
        throw new BusinessError('passkey_verification_failed');
      }
      if (!verification.verified) throw new BusinessError('passkey_verification_failed');
      const { credential } = verification.registrationInfo;
      const id = await db.tx((tx) =>
        insertPasskey(tx, {
          userId,
          credentialId: credential.id,
          publicKey: Buffer.from(credential.publicKey).toString('base64url'),
          signCount: credential.counter,
          transports: credential.transports ?? [],
          name,
          secondFactor,
        }),
      );
      if (id === undefined) throw new BusinessError('passkey_already_registered');
      return { id };
    },

    /**
     * Request options for a passkey sign-in (no account needed: the passkey names its user). Unauthenticated and
     * writing a challenge row, so limited per client IP first (issue 34 point 1).
     */
    async loginOptions(rp: RelyingParty, ip: string) {
      if (!(await loginOptionsLimiter.take(ip))) throw new BusinessError('too_frequent');
      const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'required' });
      await storeChallenge(options.challenge, null, 'login');
      return { options };
    },

    /** Verifies a sign-in assertion; answers the passkey (its user) to open a session for. */
    verifyLogin(credentialText: string, rp: RelyingParty): Promise<PasskeyRow> {
      return verifyAssertion(credentialText, 'login', rp);
    },

    /** Request options for confirming one withdrawal: the challenge is stored bound to its amount and card. */
    withdrawalOptions(userId: bigint, binding: string, rp: RelyingParty) {
      return ownOptions(userId, 'withdraw', rp, binding);
    },

    /** Request options for a step-up by passkey (modules/second-factor/step-up.ts). */
    stepUpOptions(userId: bigint, rp: RelyingParty) {
      return ownOptions(userId, 'step_up', rp);
    },

    /** Verifies a step-up assertion by one of the user's own usable passkeys; answers the passkey. */
    verifyStepUp(userId: bigint, credentialText: string, rp: RelyingParty): Promise<PasskeyRow> {
      return verifyAssertion(credentialText, 'step_up', rp, { userId });
    },

    /** Verifies the withdrawal's assertion: the user's own passkey, a challenge bound to this very withdrawal. */
    async verifyWithdrawal(userId: bigint, credentialText: string, binding: string, rp: RelyingParty): Promise<void> {
      await verifyAssertion(credentialText, 'withdraw', rp, { userId, bound: binding });
    },
  };
}

export type PasskeyService = ReturnType<typeof createPasskeyService>;
