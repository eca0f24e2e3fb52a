import { useState } from 'react';
import { Link } from 'react-router';
import {
  ADD_PASSKEY_STATE,
  browserCanMakePasskeys,
  dismissOffer,
  offerDismissed,
  PasskeyOfferCard,
} from 'shared/remote-kit';
import { Button } from 'shared/ui';
import { useRemoteTranslation } from '#lib';
import { useGetHomePasskeysQuery } from '../api/get-passkeys';

/**
 * The passkey offer on the home screen, where sign-in and registration land (issue 33 point 3): while the account
 * has no passkey and the browser can make one. "Add a passkey" opens the security screen, which starts the
 * registration (step-up first) at once; "Not now" hides it until the next sign-in (the same note as the account
 * page's offer). An unanswered list shows nothing: the offer is a suggestion, never a gate.
 */
export function PasskeyNudge({ account }: { account: string }) {
  const { t } = useRemoteTranslation();
  const supported = browserCanMakePasskeys();
  const [dismissed, setDismissed] = useState(() => offerDismissed(account));
  const query = useGetHomePasskeysQuery({}, { skip: !supported || dismissed, refetchOnMountOrArgChange: true });
  if (!supported || dismissed || !query.data || query.data.list.length > 0) return null;
  return (
    <PasskeyOfferCard
      actions={
        <>
          <Link className="ds-button ds-button--primary" to="/mine/security" state={ADD_PASSKEY_STATE}>
            {t('msg:passkey_offer_add')}
          </Link>
          <Button
            variant="ghost"
            onClick={() => {
              dismissOffer(account);
              setDismissed(true);
            }}
          >
            {t('msg:passkey_offer_later')}
          </Button>
        </>
      }
    />
  );
}
