import { useState } from 'react';
import { Button } from 'shared/ui';
import { useRemoteTranslation } from '#lib';
import styles from './alerts.module.css';

type Permission = 'default' | 'granted' | 'denied' | 'unsupported';

const current = (): Permission => (typeof Notification === 'undefined' ? 'unsupported' : Notification.permission);

/**
 * Whether a triggered alert also shows as a system notification: asks the browser only when the user taps the
 * button (never by itself), says when it is on or blocked; nothing where the browser has no notifications.
 */
export function NotifyPermission() {
  const { t } = useRemoteTranslation();
  const [permission, setPermission] = useState<Permission>(current);
  if (permission === 'unsupported') return null;
  if (permission === 'granted') return <p className={styles.note}>{t('alerts.notifyOn')}</p>;
  if (permission === 'denied') return <p className={styles.note}>{t('alerts.notifyBlocked')}</p>;
  return (
    <Button
      type="button"
      variant="ghost"
      block
      onClick={async () => {
        try {
          setPermission(await Notification.requestPermission());
        } catch {
          setPermission(current());
        }
      }}
    >
      {t('alerts.notifyAsk')}
    </Button>
  );
}
