import { Card } from 'shared/ui';
import { CURRENCIES, type Currency } from 'shared/money';
import { formatMarketHours, formatMarketTime, layout } from 'shared/remote-kit';
import type { DataOf } from 'shared/contract';
import { useRemoteTranslation } from '#lib';
import { amountText } from '../model/withdraw-rules';
import styles from './withdraw.module.css';

/** The withdrawal rules as the server states them (/funds/withdrawRules): never hard-coded here. */
export function WithdrawRulesCard({ rules }: { rules: DataOf<'withdrawRules'> | undefined }) {
  const { t, i18n } = useRemoteTranslation();
  const minimums = rules
    ? [...new Set<Currency>(['JPY', 'USD', 'CNY', ...CURRENCIES])]
        .filter((c) => rules.min[c])
        .map((c) => amountText(rules.min[c]!, c))
        .join(' · ')
    : '—';
  const arrival = rules ? /^(\d+)h$/.exec(rules.arrival) : null;
  return (
    <Card title={t('withdraw.rules.title')} className={layout.card}>
      <ul className={layout.rules}>
        <li>{t('withdraw.rules.minimum', { amounts: minimums })}</li>
        {/* Withdrawal hours are Japan time (spec §9): named JST, with the device's clock when it differs. */}
        <li>
          {t('withdraw.rules.hours', { hours: rules ? formatMarketHours(rules.hours, 'jpy', i18n.language) : '—' })}
        </li>
        {rules ? (
          <li>
            {rules.open_now ? (
              <span className={styles.open}>{t('withdraw.rules.openNow')}</span>
            ) : (
              <span className={styles.closed}>
                {t('withdraw.rules.closedNow', { opens: formatMarketTime(rules.next_open, 'jpy', i18n.language) })}
              </span>
            )}
          </li>
        ) : null}
        <li>
          {arrival
            ? t('withdraw.rules.arrivalHours', { hours: arrival[1] })
            : t('withdraw.rules.arrivalText', { arrival: rules?.arrival ?? '—' })}
        </li>
        <li>{t('withdraw.rules.requirements')}</li>
        <li>{t('withdraw.rules.blocked', { threshold: rules?.credit_threshold ?? '—' })}</li>
      </ul>
    </Card>
  );
}
