/** The side panel's back-office row: shown only when /user/getUserinfo lists back-office roles for the session. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_PREFIX } from 'shared/routes';
import { useServices } from '../app/services';
import { Icon } from './icons';

export const ADMIN_HOME = `${ADMIN_PREFIX}index`;

export function AdminEntry({ onGo }: { onGo: (path: string) => void }) {
  const { t } = useTranslation('common');
  const { isAdmin } = useServices();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    let live = true;
    void isAdmin().then((yes) => {
      if (live) setShown(yes);
    });
    return () => {
      live = false;
    };
  }, [isAdmin]);
  if (!shown) return null;
  return (
    <li>
      <a
        href={`#${ADMIN_HOME}`}
        className="sh-panel__row"
        onClick={(event) => {
          event.preventDefault();
          onGo(ADMIN_HOME);
        }}
      >
        <Icon name="verified" />
        <span>{t('panel.backOffice')}</span>
        <Icon name="chevron" size={18} />
      </a>
    </li>
  );
}
