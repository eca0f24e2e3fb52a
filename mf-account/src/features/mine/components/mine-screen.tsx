import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from 'shared/contract';
import { Button, Card, Money, PageFrame, Skeleton, StatRow, StatusBadge, type StatusTone } from 'shared/ui';
import { useHost, useUserInfo } from '#lib';
import { AppearanceSwitch } from './appearance-switch';
import { PasskeyOffer } from './passkey-offer';
import styles from './mine.module.css';

const REALNAME_TONE: Record<UserInfo['realname_status'], StatusTone> = {
  none: 'neutral',
  pending: 'pending',
  verified: 'success',
  failed: 'danger',
};

interface Entry {
  key: string;
  to: string;
}

/** Every "mine" page and the money screens of other remotes, grouped the way users look for them. */
const SECTIONS: ReadonlyArray<{ key: string; entries: readonly Entry[] }> = [
  {
    key: 'money',
    entries: [
      { key: 'deposit', to: '/mine/deposit' },
      { key: 'withdraw', to: '/mine/withdraw' },
      { key: 'exchange', to: '/mine/exchange' },
      { key: 'loan', to: '/mine/loan' },
      { key: 'records', to: '/mine/transactionRecords' },
    ],
  },
  {
    key: 'orders',
    entries: [
      { key: 'newShareOrder', to: '/mine/newShareOrder' },
      { key: 'followOrder', to: '/mine/followOrder' },
    ],
  },
  {
    key: 'security',
    entries: [
      { key: 'verified', to: '/mine/verified' },
      { key: 'bank', to: '/mine/bank' },
      { key: 'loginPassword', to: '/mine/loginPassword' },
      { key: 'fundPassword', to: '/mine/fundPassword' },
      { key: 'security', to: '/mine/security' },
      { key: 'message', to: '/mine/message' },
    ],
  },
  {
    key: 'help',
    entries: [
      { key: 'news', to: '/news/index' },
      { key: 'language', to: '/mine/language' },
      { key: 'about', to: '/mine/about' },
      { key: 'privacy', to: '/mine/privacy' },
      { key: 'protocol', to: '/mine/protocol' },
    ],
  },
];

function AssetCard({ info }: { info: ReturnType<typeof useUserInfo> }) {
  const { t } = useTranslation(['mf_account', 'msg']);
  if (info.status === 'failed') {
    return (
      <Card title={t('mine.assets')} aria-label={t('mine.assets')}>
        <p className={styles.error} role="alert">
          {t('mine.loadFailed')} {info.error ? t(`msg:${info.error.key}`, { ...info.error.values }) : null}
        </p>
        <Button variant="secondary" onClick={info.retry} block>
          {t('mine.retry')}
        </Button>
      </Card>
    );
  }
  const data = info.data;
  if (!data) {
    return (
      <Card title={t('mine.assets')} aria-label={t('mine.assets')} aria-busy="true">
        <Skeleton height="32px" width="55%" />
        <Skeleton width="80%" />
        <Skeleton width="70%" />
      </Card>
    );
  }
  return (
    <Card
      title={t('mine.assets')}
      aria-label={t('mine.assets')}
      extra={<span className={styles.currency}>{t('mine.currency', { currency: data.currency })}</span>}
    >
      <p className={styles.totalLabel}>{t('mine.total')}</p>
      <p className={styles.total}>
        <Money value={data.total} currency={data.currency} />
      </p>
      <dl className={styles.stats}>
        <StatRow label={t('mine.available')}>
          <Money value={data.jpy} />
        </StatRow>
        <StatRow label={t('mine.frozen')}>
          <Money value={data.frozen} />
        </StatRow>
        <StatRow label={t('mine.debt')}>
          <Money value={data.jpyyjed} />
        </StatRow>
      </dl>
      <p className={styles.hint}>{t('mine.frozenHint')}</p>
    </Card>
  );
}

/**
 * The operator's bar on trading and its reason (/user/getUserinfo restriction_reason, present only
 * while trading is disabled: a frozen or banned account cannot sign in), with the way out.
 */
function RestrictionNotice({ reason }: { reason: string }) {
  const { t } = useTranslation('mf_account');
  const host = useHost();
  return (
    <section className={styles.restricted} aria-labelledby="ac-mine-restricted">
      <h2 id="ac-mine-restricted" className={styles.restrictedTitle}>
        {t('mine.restricted.title')}
      </h2>
      <p className={styles.restrictedText}>{t('mine.restricted.reason', { reason })}</p>
      <p className={styles.restrictedText}>{t('mine.restricted.wayOut')}</p>
      <Button variant="secondary" onClick={() => host.openCustomerService()} block>
        {t('mine.restricted.contact')}
      </Button>
    </section>
  );
}

/** The user's own invite code with a copy button (toast on success, a hint when the clipboard refuses). */
function InviteCode({ code }: { code: string }) {
  const { t } = useTranslation('mf_account');
  const host = useHost();
  const copy = () => {
    const failed = () => host.toast('mine.inviteCopyFailed', { ns: 'mf_account' });
    if (navigator.clipboard?.writeText)
      navigator.clipboard.writeText(code).then(() => host.toast('mine.inviteCopied', { ns: 'mf_account' }), failed);
    else failed();
  };
  return (
    <p className={styles.invite}>
      <span className={styles.inviteLabel}>{t('mine.inviteCode')}</span>
      <span className={styles.inviteCode}>{code}</span>
      <button type="button" className={styles.copy} aria-label={t('mine.copyInvite')} onClick={copy}>
        {t('mine.copy')}
      </button>
    </p>
  );
}

/** One section of entries (with the inbox's unread count, the identity state, what is not set up yet). */
function EntrySection({ section, data }: { section: (typeof SECTIONS)[number]; data: UserInfo | undefined }) {
  const { t } = useTranslation('mf_account');
  const host = useHost();
  const realname = data?.realname_status;
  const unread = data?.unread_messages ?? 0;
  return (
    <nav className={styles.section} aria-labelledby={`ac-mine-${section.key}`}>
      <h2 id={`ac-mine-${section.key}`} className={styles.sectionTitle}>
        {t(`mine.sections.${section.key}`)}
      </h2>
      <ul className={styles.list}>
        {section.entries.map((entry) => (
          <li key={entry.key}>
            <Link className={styles.entry} to={entry.to}>
              <span>{t(`mine.entries.${entry.key}`)}</span>
              {entry.key === 'message' && unread > 0 ? (
                <span className={styles.badge}>{t('mine.unread', { count: unread })}</span>
              ) : null}
              {entry.key === 'verified' && realname ? (
                <StatusBadge label={t(`mine.realname.${realname}`)} tone={REALNAME_TONE[realname]} />
              ) : null}
              {entry.key === 'fundPassword' && data && !data.has_fund_password ? (
                <span className={styles.hintBadge}>{t('mine.fundPasswordUnset')}</span>
              ) : null}
              {entry.key === 'bank' && realname !== undefined && realname !== 'verified' ? (
                <span className={styles.muted}>
                  {/* The identity state as it is: under review and not approved are not "verify first". */}
                  {realname === 'pending' || realname === 'failed'
                    ? t(`bank.identity.title.${realname}`)
                    : t('mine.bankNeedsIdentity')}
                </span>
              ) : null}
              <span className={styles.chevron} aria-hidden="true">
                ›
              </span>
            </Link>
          </li>
        ))}
        {section.key === 'help' ? (
          <li>
            <button type="button" className={styles.entry} onClick={() => host.openCustomerService()}>
              <span>{t('mine.entries.customerService')}</span>
              <span className={styles.chevron} aria-hidden="true">
                ›
              </span>
            </button>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

/**
 * /mine/index: account, invite code, identity status, the passkey offer while the user has none, a notice while
 * trading is barred (with the operator's reason), asset summary, every entry, customer service, language, log out.
 */
export function MineScreen() {
  const { t } = useTranslation('mf_account');
  const host = useHost();
  const info = useUserInfo();
  const [leaving, setLeaving] = useState(false);
  const account = info.data?.account ?? host.getSession().account;
  const realname = info.data?.realname_status;
  const retry = useRef(info.retry);
  retry.current = info.retry;
  // The unread count (and the figures) again when the user comes back to the app: a message that
  // arrived meanwhile shows on the inbox entry.
  useEffect(() => {
    const refresh = () => retry.current();
    window.addEventListener('focus', refresh);
    return () => window.removeEventListener('focus', refresh);
  }, []);

  const logout = async () => {
    setLeaving(true);
    try {
      await host.logout();
    } finally {
      setLeaving(false);
    }
  };

  return (
    <PageFrame title={t('mine.title')} back={false}>
      <div className={styles.body}>
        <section className={styles.profile} aria-label={t('mine.account')}>
          <p className={styles.accountLabel}>{t('mine.account')}</p>
          <p className={styles.account}>{account}</p>
          {info.data?.invite_code ? <InviteCode code={info.data.invite_code} /> : null}
          {realname ? (
            <p className={styles.realname}>
              <span>{t('mine.realname.label')}</span>{' '}
              <StatusBadge label={t(`mine.realname.${realname}`)} tone={REALNAME_TONE[realname]} dot />
            </p>
          ) : null}
        </section>

        {account ? <PasskeyOffer account={account} /> : null}

        {info.data?.restriction_reason ? <RestrictionNotice reason={info.data.restriction_reason} /> : null}

        <AssetCard info={info} />

        {SECTIONS.map((section) => (
          <EntrySection key={section.key} section={section} data={info.data} />
        ))}

        <AppearanceSwitch />

        <Button variant="danger" busy={leaving} onClick={logout} block>
          {t('mine.logout')}
        </Button>
      </div>
    </PageFrame>
  );
}
