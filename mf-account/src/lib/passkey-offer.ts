/**
 * "Not now" on the passkey offer lasts for this sign-in: the account it was dismissed for is kept in sessionStorage
 * (never the token), and signing in or registering again clears it (features/auth/session.ts), so the offer comes
 * back at the next sign-in while the user still has no passkey.
 */
export const PASSKEY_OFFER_DISMISSED = 'mf_account.passkeyOfferDismissed';

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined; // storage disabled: the offer is shown each time, "Not now" lasts for the screen
  }
}

export function offerDismissed(account: string): boolean {
  return storage()?.getItem(PASSKEY_OFFER_DISMISSED) === account;
}

export function dismissOffer(account: string): void {
  storage()?.setItem(PASSKEY_OFFER_DISMISSED, account);
}

/** A new sign-in (or a new account): the offer may show again. */
export function resetPasskeyOffer(): void {
  storage()?.removeItem(PASSKEY_OFFER_DISMISSED);
}
