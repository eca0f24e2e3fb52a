import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { PasskeyOfferCard } from 'shared/remote-kit';
import { Button } from 'shared/ui';
import { dismissOffer, offerDismissed, useGetPasskeysQuery, usePasskeyAdd } from '#lib';

/**
 * The passkey offer (issue 33 point 3, JSDA 2025: phishing-resistant by default): a card, never a dialog, shown on
 * the account page after registration and after each sign-in while the user has no passkey and the browser can make
 * one. "Add a passkey" runs the security screen's registration (step-up first); "Not now" hides it until the next
 * sign-in.
 */
export function PasskeyOffer({ account }: { account: string }) {
  const { t } = useTranslation(['mf_account', 'msg']);
  const supported = browserSupportsWebAuthn();
  const [dismissed, setDismissed] = useState(() => offerDismissed(account));
  const query = useGetPasskeysQuery({}, { skip: !supported || dismissed, refetchOnMountOrArgChange: true });
  const adding = usePasskeyAdd();

  // Only once the list has answered (an error shows nothing: the offer is a suggestion, not a gate).
  if (!supported || dismissed || !query.data || query.data.list.length > 0) return adding.dialog;

  const add = async () => {
    if (await adding.add()) void query.refetch();
  };
  const later = () => {
    dismissOffer(account);
    setDismissed(true);
  };
  return (
    <>
      <PasskeyOfferCard
        failed={adding.failed}
        actions={
          <>
            <Button busy={adding.adding} onClick={() => void add()}>
              {t('msg:passkey_offer_add')}
            </Button>
            <Button variant="ghost" disabled={adding.adding} onClick={later}>
              {t('msg:passkey_offer_later')}
            </Button>
          </>
        }
      />
      {adding.dialog}
    </>
  );
}
