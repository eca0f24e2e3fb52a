import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './remote-kit.css';

/**
 * The passkey offer (issue 33 point 3, JSDA 2025: phishing-resistant by default), shared by the account page
 * (mf-account, where "Add a passkey" registers one at once) and the home screen after sign-in (mf-trade, where it
 * opens the security screen's registration). "Not now" lasts for this sign-in: the account it was dismissed for is
 * kept in sessionStorage (never the token); signing in or registering again clears it, so the offer comes back at
 * the next sign-in while the user still has no passkey.
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

/** Router state that asks the security screen (mf-account /mine/security) to start adding a passkey on arrival. */
export const ADD_PASSKEY_STATE = { addPasskey: true } as const;

export function asksToAddPasskey(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { addPasskey?: unknown }).addPasskey === true;
}

/** Whether this browser can make a passkey at all (WebAuthn present); without it no offer is shown. */
export function browserCanMakePasskeys(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/** The offer's card: never a dialog; the caller gives the actions ("Add a passkey", "Not now"). */
export function PasskeyOfferCard({ actions, failed }: { actions: ReactNode; failed?: boolean }) {
  const { t } = useTranslation('msg');
  return (
    <section className="ds-passkey-offer" aria-labelledby="ds-passkey-offer-title">
      <h2 id="ds-passkey-offer-title" className="ds-passkey-offer__title">
        {t('passkey_offer_title')}
      </h2>
      <p className="ds-passkey-offer__text">{t('passkey_offer_text')}</p>
      {failed ? (
        <p className="ds-passkey-offer__text" role="alert">
          {t('passkey_offer_failed')}
        </p>
      ) : null}
      <div className="ds-passkey-offer__actions">{actions}</div>
    </section>
  );
}
