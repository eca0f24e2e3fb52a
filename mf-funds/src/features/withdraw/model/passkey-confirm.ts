import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { ApiError } from 'shared/api';

/** Stands in for the assertion while the form is checked: the contract needs a fund password or a passkey. */
export const PASSKEY_PENDING = 'pending';

/** The browser's passkey prompt for withdrawal options; a refusal the form shows when the user cancels it. */
export async function passkeyAssertion(
  options: Record<string, unknown>,
): Promise<{ passkey: string } | { error: ApiError }> {
  try {
    const optionsJSON = options as unknown as PublicKeyCredentialRequestOptionsJSON;
    return { passkey: JSON.stringify(await startAuthentication({ optionsJSON })) };
  } catch {
    return { error: { status: 0, kind: 'business', msg: 'passkey_response_invalid' } };
  }
}
