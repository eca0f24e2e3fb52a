import { Link } from 'react-router';
import { Card, PageFrame } from 'shared/ui';
import { DetailList, layout, QueryView } from 'shared/remote-kit';
import { NAMESPACE, Refusal, useHost, useRemoteTranslation } from '#lib';
import { useGetDepositChannelsQuery } from '../api/get-deposit-channels';
import { DepositRules } from './deposit-rules';
import styles from './deposit.module.css';

const CHANNEL_FIELDS = [
  ['accountName', 'account_name'],
  ['accountNumber', 'account_number'],
  ['bank', 'bank'],
  ['branch', 'branch'],
] as const;

/**
 * /mine/stored: the receiving accounts (spec §3: account name, account number, receiving bank,
 * branch) with copy buttons; "verify first" with the way there while the identity is not verified (the server
 * answers no account then: verify_first, issue 35).
 */
export function DepositChannelScreen() {
  const { t } = useRemoteTranslation();
  const host = useHost();
  const query = useGetDepositChannelsQuery();
  const channels = query.data?.channels ?? [];
  const copy = (text: string, label: string) => {
    const done = () => host.toast('channel.copied', { ns: NAMESPACE, values: { field: label } });
    if (navigator.clipboard?.writeText)
      navigator.clipboard.writeText(text).then(done, () => host.toast('channel.copyFailed', { ns: NAMESPACE }));
    else host.toast('channel.copyFailed', { ns: NAMESPACE });
  };
  const verifyFirst = query.data?.verify_first;
  if (verifyFirst)
    return (
      <PageFrame title={t('channel.title')}>
        <Card title={t('deposit.verifyFirst.title')} className={layout.card}>
          <p className={layout.note}>{t('deposit.verifyFirst.hint')}</p>
          <Refusal error={{ status: 200, kind: 'business', msg: verifyFirst }} />
        </Card>
        <DepositRules />
      </PageFrame>
    );
  return (
    <PageFrame title={t('channel.title')}>
      <p className={layout.purpose}>{t('channel.purpose')}</p>
      <QueryView
        ns={NAMESPACE}
        query={query}
        count={channels.length}
        empty={{ title: t('channel.empty'), hint: t('channel.emptyHint') }}
      >
        {channels.map((channel) => (
          <Card
            key={channel.id}
            title={t('channel.account', { currency: t(`currency.${channel.currency}`) })}
            className={layout.card}
          >
            <DetailList
              className={styles.channelList}
              items={CHANNEL_FIELDS.map(([label, field]) => ({
                id: field,
                label: t(`channel.field.${label}`),
                value: (
                  <span className={styles.copyValue}>
                    <span className={styles.copyText}>
                      {field === 'account_number' && channel.account_type
                        ? `${t(`channel.accountType.${channel.account_type}`)} ${channel.account_number}`
                        : channel[field]}
                    </span>
                    <button
                      type="button"
                      className={styles.copyButton}
                      aria-label={t('channel.copyField', { field: t(`channel.field.${label}`) })}
                      onClick={() => copy(channel[field], t(`channel.field.${label}`))}
                    >
                      {t('channel.copy')}
                    </button>
                  </span>
                ),
              }))}
            />
          </Card>
        ))}
      </QueryView>
      <DepositRules />
      <div className={layout.stack}>
        <Link className="ds-button ds-button--primary ds-button--block" to="/mine/deposit">
          {t('channel.continue')}
        </Link>
      </div>
    </PageFrame>
  );
}
