import { Card } from 'shared/ui';
import { formatMoney, MINOR_UNITS, type Currency } from 'shared/money';
import { layout } from 'shared/remote-kit';
import { useRemoteTranslation } from '#lib';
import { useGetDepositChannelsQuery } from '../api/get-deposit-channels';

/**
 * Deposit hours and maximum (in `currency`, the deposit's, JPY by default) from the server
 * (/funds/channels) and the arrival times of spec §9.
 */
export function DepositRules({ currency = 'JPY' }: { currency?: Currency }) {
  const { t } = useRemoteTranslation();
  const { data } = useGetDepositChannelsQuery();
  return (
    <Card title={t('deposit.rules.title')} className={layout.card}>
      <ul className={layout.rules}>
        <li>{t('deposit.rules.hours', { hours: data?.hours.replace('-', '–') ?? '—' })}</li>
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
