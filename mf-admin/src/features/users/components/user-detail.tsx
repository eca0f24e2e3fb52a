import { Money, SkeletonList } from 'shared/ui';
import { DetailList, formatDateTime } from 'shared/remote-kit';
import type { AdminUserDetail } from 'shared/contract';
import { adminStyles, DataTable, useAdminAccess, useRemoteTranslation, type DataColumn } from '#lib';
import { useGetAdminUserDetailQuery } from '../api/users-api';
import { UserFlags } from './user-flags';
import styles from './users.module.css';

/** The catalogue language of the operator's interface (the inbox is rendered in it). */
const langOf = (language: string) => (language.startsWith('ja') ? 'ja' : language.startsWith('en') ? 'en' : 'zh-CN');

/** A small read-only table of one detail section; `—` when the section has no rows. */
function Section<T>(props: {
  title: string;
  note?: string;
  rows: readonly T[];
  columns: ReadonlyArray<DataColumn<T>>;
  rowKey: (row: T) => string;
}) {
  const { t } = useRemoteTranslation();
  return (
    <section className={`${adminStyles.panel} ${styles.section}`} aria-label={props.title}>
      <h3>{props.title}</h3>
      {props.note ? <p className={styles.note}>{props.note}</p> : null}
      {props.rows.length === 0 ? (
        <p className={styles.note}>{t('users.none')}</p>
      ) : (
        <DataTable caption={props.title} columns={props.columns} rows={props.rows} rowKey={props.rowKey} />
      )}
    </section>
  );
}

const date = (value: string) => <span className="ds-num">{formatDateTime(value)}</span>;
const text = (value: string | null) => value ?? '—';

/** The user's profile, identity and restriction reason, with the flags for roles allowed them. */
function ProfileSection({
  account,
  user,
  mayFlag,
}: {
  account: string;
  user: AdminUserDetail['user'];
  mayFlag: boolean;
}) {
  const { t } = useRemoteTranslation();
  return (
    <section className={`${adminStyles.panel} ${styles.section}`}>
      <h2>{t('users.detail', { account })}</h2>
      <DetailList
        items={[
          { id: 'email', label: t('users.email'), value: user.email },
          { id: 'realname', label: t('users.realname'), value: t(`users.realnameStatus.${user.realname_status}`) },
          { id: 'name', label: t('field.name'), value: text(user.realname_name) },
          { id: 'created', label: t('field.created_at'), value: date(user.created_at) },
          { id: 'reason', label: t('users.restrictionReason'), value: text(user.restriction_reason) },
        ]}
      />
      {mayFlag ? <UserFlags user={user} /> : null}
    </section>
  );
}

/** The user's inbox as they read it (in the operator's language). */
function InboxSection({ inbox }: { inbox: AdminUserDetail['inbox'] }) {
  const { t } = useRemoteTranslation();
  return (
    <section className={`${adminStyles.panel} ${styles.section}`} aria-label={t('users.inbox')}>
      <h3>{t('users.inbox')}</h3>
      {inbox.length === 0 ? <p className={styles.note}>{t('users.none')}</p> : null}
      <ul className={styles.inbox}>
        {inbox.map((m) => (
          <li key={m.id}>
            <strong>{m.title}</strong> {date(m.created_at)} {m.read ? '' : `· ${t('users.unread')}`}
            <p>{m.body}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One user: profile and flags, balances from the ledger, holds, postings, positions and orders, inbox. */
export function UserDetail({ account }: { account: string }) {
  const { t, i18n } = useRemoteTranslation();
  const access = useAdminAccess();
  const { data, isLoading, isError, refetch } = useGetAdminUserDetailQuery({ account, lang: langOf(i18n.language) });
  const mayFlag = access.state === 'ok' && access.may('adminUserFlags');
  if (isLoading) return <SkeletonList rows={6} />;
  if (isError || !data)
    return (
      <div className={adminStyles.empty} role="alert">
        <p>{t('users.failed')}</p>
        <button type="button" className="ds-button ds-button--secondary" onClick={() => void refetch()}>
          {t('frame.retry')}
        </button>
      </div>
    );
  const { user } = data;
  type Row<K extends Exclude<keyof AdminUserDetail, 'user'>> = AdminUserDetail[K][number];
  const money = (row: { amount: string; currency: string }) => <Money value={row.amount} currency={row.currency} />;
  return (
    <div className={styles.detail} role="region" aria-label={t('users.detail', { account })}>
      <ProfileSection account={account} user={user} mayFlag={mayFlag} />
      <Section<Row<'balances'>>
        title={t('users.balances')}
        note={t('users.balancesNote')}
        rows={data.balances}
        rowKey={(r) => r.currency}
        columns={[
          { key: 'currency', label: t('field.currency'), cell: (r) => r.currency },
          {
            key: 'available',
            label: t('field.available'),
            num: true,
            cell: (r) => money({ ...r, amount: r.available }),
          },
          { key: 'held', label: t('field.held'), num: true, cell: (r) => money({ ...r, amount: r.held }) },
          { key: 'total', label: t('users.total'), num: true, cell: (r) => money({ ...r, amount: r.total }) },
        ]}
      />
      <Section<Row<'holds'>>
        title={t('users.holds')}
        rows={data.holds}
        rowKey={(r) => String(r.id)}
        columns={[
          { key: 'reason', label: t('field.reason'), cell: (r) => r.reason },
          { key: 'reference', label: t('users.reference'), cell: (r) => text(r.reference) },
          { key: 'amount', label: t('field.amount'), num: true, cell: money },
          { key: 'created_at', label: t('field.created_at'), cell: (r) => date(r.created_at) },
        ]}
      />
      <Section<Row<'ledger'>>
        title={t('users.ledger')}
        note={t('users.ledgerNote')}
        rows={data.ledger}
        rowKey={(r) => String(r.id)}
        columns={[
          { key: 'kind', label: t('field.kind'), cell: (r) => r.kind },
          { key: 'reference', label: t('users.reference'), cell: (r) => text(r.reference) },
          { key: 'amount', label: t('field.amount'), num: true, cell: money },
          { key: 'created_at', label: t('field.time'), cell: (r) => date(r.created_at) },
        ]}
      />
      <Section<Row<'positions'>>
        title={t('users.positions')}
        rows={data.positions}
        rowKey={(r) => r.order_no}
        columns={[
          { key: 'order_no', label: t('field.order_no'), cell: (r) => r.order_no },
          { key: 'code', label: t('field.code'), cell: (r) => `${r.code} ${r.name}` },
          { key: 'direction', label: t('users.direction'), cell: (r) => t(`users.directionOf.${r.direction}`) },
          { key: 'stock_num', label: t('users.quantity'), num: true, cell: (r) => r.stock_num },
          { key: 'buy_price', label: t('users.price'), num: true, cell: (r) => r.buy_price },
          { key: 'status', label: t('field.status'), cell: (r) => t(`users.positionStatus.${r.status}`) },
          { key: 'created_at', label: t('field.created_at'), cell: (r) => date(r.created_at) },
        ]}
      />
      <InboxSection inbox={data.inbox} />
    </div>
  );
}
