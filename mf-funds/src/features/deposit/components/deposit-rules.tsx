import { Card } from 'shared/ui';
import { formatMoney, MINOR_UNITS, type Currency } from 'shared/money';
import { formatMarketHours, layout } from 'shared/remote-kit';
import { useRemoteTranslation } from '#lib';
import { useGetDepositChannelsQuery } from '../api/get-deposit-channels';
import styles from './deposit.module.css';

/** A Japan-time business date (YYYY-MM-DD) with its weekday, in the reader's language. */
export function formatBusinessDate(date: string, language: string): string {
  const at = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(at.getTime())) return date;
  return new Intl.DateTimeFormat(language, {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    weekday: 'short',
  }).format(at);
}

/**
 * Deposit hours and maximum (in `currency`, the deposit's, JPY by default) from the server
 * (/funds/channels) and the arrival times of spec §9; on a day that is not a Tokyo business day,
 * first that deposits open again on the next one.
 */
export function DepositRules({ currency = 'JPY' }: { currency?: Currency }) {
  const { t, i18n } = useRemoteTranslation();
  const { data } = useGetDepositChannelsQuery();
  const closedToday = data?.business_day === false && data.next_business_day;
  return (
    <Card title={t('deposit.rules.title')} className={layout.card}>
      <ul className={layout.rules}>
        {closedToday ? (
          <li className={styles.closedToday} role="status">
            {t('deposit.rules.closedToday', { next: formatBusinessDate(closedToday, i18n.language) })}
          </li>
        ) : null}
        {/* Deposit hours are Japan time (spec §9): named JST, with the device's clock when it differs. */}
        <li>{t('deposit.rules.hours', { hours: data ? formatMarketHours(data.hours, 'jpy', i18n.language) : '—' })}</li>
        <li>
          {t('deposit.rules.maximum', {
            max: data ? `${formatMoney(data.max, { decimals: MINOR_UNITS[currency] })} ${currency}` : '—',
          })}
        </li>
        <li>{t('deposit.rules.arrival')}</li>
        <li>{t('deposit.rules.requirements')}</li>
      </ul>
    </Card>
  );
}
