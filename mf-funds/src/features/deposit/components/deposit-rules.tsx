import { Card } from 'shared/ui';
import { formatMoney } from 'shared/money';
import { layout } from 'shared/remote-kit';
import { useRemoteTranslation } from '#lib';
import { useGetDepositChannelsQuery } from '../api/get-deposit-channels';

/** Deposit hours and maximum from the server (/funds/channels) and the arrival times of spec §9. */
export function DepositRules() {
  const { t } = useRemoteTranslation();
  const { data } = useGetDepositChannelsQuery();
  return (
    <Card title={t('deposit.rules.title')} className={layout.card}>
      <ul className={layout.rules}>
        <li>{t('deposit.rules.hours', { hours: data?.hours.replace('-', '–') ?? '—' })}</li>
        <li>{t('deposit.rules.maximum', { max: data ? formatMoney(data.max) : '—' })}</li>
        <li>{t('deposit.rules.arrival')}</li>
        <li>{t('deposit.rules.requirements')}</li>
      </ul>
    </Card>
  );
}
