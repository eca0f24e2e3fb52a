import { Link } from 'react-router';
import { Card, PageFrame } from 'shared/ui';
import { DetailList, layout } from 'shared/remote-kit';
import { useRemoteTranslation } from '#lib';
import { DepositRules } from './deposit-rules';

const CHANNEL_FIELDS = ['accountName', 'accountNumber', 'bank', 'branch'] as const;

/** /mine/stored: the deposit channel (spec §3: account name, account number, receiving bank, branch). */
export function DepositChannelScreen() {
  const { t } = useRemoteTranslation();
  return (
    <PageFrame title={t('channel.title')}>
      <Card title={t('channel.account')} className={layout.card}>
        <DetailList items={CHANNEL_FIELDS.map((field) => ({ id: field, label: t(`channel.field.${field}`), value: '—' }))} />
        <p className={layout.note} role="note">{t('channel.pending')}</p>
      </Card>
      <DepositRules />
      <div className={layout.stack}>
        <Link className="ds-button ds-button--primary ds-button--block" to="/mine/deposit">{t('channel.continue')}</Link>
      </div>
    </PageFrame>
  );
}
