import { Card } from 'shared/ui';
import { layout } from 'shared/remote-kit';
import { useRemoteTranslation } from '#lib';

/** Deposit times and arrival of spec §9, as text. */
export function DepositRules() {
  const { t } = useRemoteTranslation();
  return (
    <Card title={t('deposit.rules.title')} className={layout.card}>
      <ul className={layout.rules}>
        <li>{t('deposit.rules.hours')}</li>
        <li>{t('deposit.rules.arrival')}</li>
        <li>{t('deposit.rules.requirements')}</li>
      </ul>
    </Card>
  );
}
