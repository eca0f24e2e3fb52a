/**
 * The WebAuthn ceremonies the passkey service is made of (docs/decisions/0027-second-factors-and-devices.md): the
 * relying party, the stored one-use challenges, and the verification of an assertion against them.
 */
import {
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
  type AuthenticationResponseJSON,
} from '@simplewebauthn/server';
import type { Database } from '../../db/database';
import { BusinessError } from '../../errors';
import {
  findPasskey,
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
export function challengeOf(response: { response?: { clientDataJSON?: unknown } }): string {
  try {
    const json = Buffer.from(String(response.response?.clientDataJSON), 'base64url').toString('utf8');
    const challenge = (JSON.parse(json) as { challenge?: unknown }).challenge;
    if (typeof challenge === 'string' && challenge) return challenge;
  } catch {
    // answered below
  }
  throw new BusinessError('passkey_response_invalid');
}

export function parseResponse<T>(text: string): T {
  try {
    const value = JSON.parse(text) as unknown;
    if (value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string') return value as T;
  } catch {
    // answered below
  }
  throw new BusinessError('passkey_response_invalid', { field: 'credential' });
}

export async function storeChallenge(
  db: Database,
  challenge: string,
  userId: bigint | null,
  purpose: WebAuthnPurpose,
  bound = '',
) {
  await db.tx((tx) =>
    insertWebAuthnChallenge(tx, { challenge, userId, purpose, bound, seconds: WEBAUTHN_CHALLENGE_SECONDS }),
  );
}

/**
 * Verifies an assertion against a stored challenge of `purpose`; answers the passkey (its user, and whether it
 * was registered with a second factor). A suspended passkey (after a password reset) is refused.
 */
export async function verifyAssertion(
  db: Database,
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
  if (expect.bound !== undefined && stored.bound !== expect.bound) throw new BusinessError('passkey_withdraw_mismatch');
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
export async function ownOptions(db: Database, userId: bigint, purpose: WebAuthnPurpose, rp: RelyingParty, bound = '') {
  const usable = (await db.tx((tx) => listPasskeys(tx, userId))).filter((p) => !p.suspended);
  if (!usable.length) throw new BusinessError('passkey_not_found');
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'required',
    allowCredentials: usable.map((p) => ({ id: p.credentialId, transports: p.transports })),
  });
  await storeChallenge(db, options.challenge, userId, purpose, bound);
  return { options };
}
