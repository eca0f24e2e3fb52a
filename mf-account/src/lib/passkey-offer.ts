/** "Not now" on the passkey offer lasts for this sign-in; kept in shared/remote-kit (mf-trade's home reads it). */
export { PASSKEY_OFFER_DISMISSED, offerDismissed, dismissOffer, resetPasskeyOffer } from 'shared/remote-kit';
