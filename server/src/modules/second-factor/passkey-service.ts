/**
 * Passkeys (WebAuthn, @simplewebauthn/server; docs/decisions/0027-second-factors-and-devices.md): registration
 * by a signed-in user, sign-in with a discoverable passkey (user verification required, so a passkey is both
 * factors at once), and a fresh assertion bound to one withdrawal. Every challenge is random, stored, valid five
 * minutes and used once. The relying party (RP ID and allowed origins) comes from WEBAUTHN_RP_ID /
 * WEBAUTHN_ORIGINS when set, else from the request's Host.
 */
import { generateAuthenticationOptions } from '@simplewebauthn/server';
import Decimal from 'decimal.js';
import type { Database } from '../../db/database';
import { BusinessError } from '../../errors';
import { DEFAULT_RATE_LIMITS, MemoryRateStore, RateLimiter } from '../../security/rate-limit';
import { registerPasskey, registrationOptions } from './passkey-registration';
import { ownOptions, storeChallenge, verifyAssertion, type RelyingParty } from './passkey-webauthn';
import { confirmPasskey, deletePasskey, listPasskeys, type PasskeyRow } from './passkeys-repository';

export { relyingPartyOf, WEBAUTHN_CHALLENGE_SECONDS, type RelyingParty } from './passkey-webauthn';

/** A withdrawal's identity for binding: the fields that decide where money goes. */
export function withdrawalBinding(input: { amount: string; currency: string; card_id: number }): string {
  // "30000" and "30000.00" are one withdrawal.
  return JSON.stringify([new Decimal(input.amount).toFixed(), input.currency, input.card_id]);
}

/** The user's passkeys on the wire: name, dates, and whether a password reset suspended it. */
async function listOnWire(db: Database, userId: bigint) {
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

  return {
    /** The user's passkeys on the wire (the security page's list). */
    list: (userId: bigint) => listOnWire(db, userId),

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
    registrationOptions: (user: { userId: bigint; account: string }, rp: RelyingParty) =>
      registrationOptions(db, rpName, user, rp),

    /**
     * Verifies the attestation and stores the key. `secondFactor`: the registering session or its step-up proved
     * TOTP, a recovery code or such a passkey.
     */
    register: (userId: bigint, credentialText: string, name: string, rp: RelyingParty, secondFactor: boolean) =>
      registerPasskey(db, userId, credentialText, name, rp, secondFactor),

    /**
     * Request options for a passkey sign-in (no account needed: the passkey names its user). Unauthenticated and
     * writing a challenge row, so limited per client IP first (issue 34 point 1).
     */
    async loginOptions(rp: RelyingParty, ip: string) {
      if (!(await loginOptionsLimiter.take(ip))) throw new BusinessError('too_frequent');
      const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'required' });
      await storeChallenge(db, options.challenge, null, 'login');
      return { options };
    },

    /** Verifies a sign-in assertion; answers the passkey (its user) to open a session for. */
    verifyLogin(credentialText: string, rp: RelyingParty): Promise<PasskeyRow> {
      return verifyAssertion(db, credentialText, 'login', rp);
    },

    /** Request options for confirming one withdrawal: the challenge is stored bound to its amount and card. */
    withdrawalOptions(userId: bigint, binding: string, rp: RelyingParty) {
      return ownOptions(db, userId, 'withdraw', rp, binding);
    },

    /** Request options for a step-up by passkey (modules/second-factor/step-up.ts). */
    stepUpOptions(userId: bigint, rp: RelyingParty) {
      return ownOptions(db, userId, 'step_up', rp);
    },

    /** Verifies a step-up assertion by one of the user's own usable passkeys; answers the passkey. */
    verifyStepUp(userId: bigint, credentialText: string, rp: RelyingParty): Promise<PasskeyRow> {
      return verifyAssertion(db, credentialText, 'step_up', rp, { userId });
    },

    /** Verifies the withdrawal's assertion: the user's own passkey, a challenge bound to this very withdrawal. */
    async verifyWithdrawal(userId: bigint, credentialText: string, binding: string, rp: RelyingParty): Promise<void> {
      await verifyAssertion(db, credentialText, 'withdraw', rp, { userId, bound: binding });
    },
  };
}

export type PasskeyService = ReturnType<typeof createPasskeyService>;
