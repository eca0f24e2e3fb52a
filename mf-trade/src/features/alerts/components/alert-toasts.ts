import { useEffect } from 'react';
import { alertThresholdText, type AlertFired } from 'shared/contract';
import { formatMoney } from 'shared/money';
import { NAMESPACE, useHost, useRemoteTranslation } from '#lib';
import { getLiveClient } from '#lib/live';

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** The fired alert as one sentence in the reader's language (the toast's and the system notification's text). */
export function alertText(alert: AlertFired, language: string, t: Translate): string {
  const name = alert.names[language as keyof AlertFired['names']] ?? alert.names.en;
  const change = alert.change_ratio.startsWith('-') ? alert.change_ratio : `+${alert.change_ratio}`;
  return t(`alerts.fired.${alert.kind}`, {
    name,
    code: alert.code,
    price: formatMoney(alert.price),
    currency: alert.currency,
    threshold: alertThresholdText(alert.kind, alert.threshold),
    change,
  });
}

/**
 * While a screen of this remote is open, a fired price alert pushed over the stream (an `alert` frame) shows as a
 * toast, and as a system notification where the user allowed them.
 */
export function useAlertToasts(): void {
  const host = useHost();
  const { t, i18n } = useRemoteTranslation();
  useEffect(
    () =>
      getLiveClient().onAlert((alert) => {
        const text = alertText(alert, i18n.language, t as unknown as Translate);
        host.toast('alerts.toast', { ns: NAMESPACE, values: { text } });
        if (typeof Notification !== 'undefined' && Notification.permission === 'granted') {
          try {
            new Notification(t('alerts.notificationTitle'), { body: text, tag: `alert-${alert.id}` });
          } catch {
            // Some browsers allow notifications only from a service worker: the toast already said it.
          }
        }
      }),
    [host, t, i18n],
  );
}
