/** Passkey registration by a signed-in user: creation options, then the attestation's verification and storage. */
import {
  generateRegistrationOptions,
  verifyRegistrationResponse,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Database } from '../../db/database';
import { BusinessError } from '../../errors';
import { insertPasskey, listPasskeys, takeWebAuthnChallenge } from './passkeys-repository';
import { challengeOf, parseResponse, storeChallenge, type RelyingParty } from './passkey-webauthn';

/** Creation options for navigator.credentials.create (a discoverable credential, user verification). */
export async function registrationOptions(
  db: Database,
  rpName: string,
  user: { userId: bigint; account: string },
  rp: RelyingParty,
) {
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
  await storeChallenge(db, options.challenge, user.userId, 'register');
  return { options };
}

/**
 * Verifies the attestation (format none is enough: we trust the passkey, not a vendor) and stores the key.
 * `secondFactor`: the registering session or its step-up proved TOTP, a recovery code or such a passkey.
 */
export async function registerPasskey(
  db: Database,
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
}
