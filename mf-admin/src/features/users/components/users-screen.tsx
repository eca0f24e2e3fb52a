import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { SkeletonList, StatusBadge } from 'shared/ui';
import { formatDateTime } from 'shared/remote-kit';
import type { AdminUserRow } from 'shared/contract';
import { adminStyles, DataTable, Pager, screenStyles, useRemoteTranslation, type DataColumn } from '#lib';
import { useGetAdminUsersQuery } from '../api/users-api';
import { UserDetail } from './user-detail';
import styles from './users.module.css';

/** The server's page size of /admin/users. */
export const USERS_PAGE_SIZE = 20;

/** The flags a row shows as badges (none: "active"). */
function FlagBadges({ row }: { row: AdminUserRow }) {
  const { t } = useRemoteTranslation();
  const flags = (['banned', 'frozen', 'trade_disabled'] as const).filter((flag) => row[flag]);
  if (flags.length === 0) return <StatusBadge label={t('users.flag.none')} tone="success" />;
  return (
    <>
      {flags.map((flag) => (
        <StatusBadge key={flag} label={t(`users.flag.${flag}`)} tone="danger" />
      ))}
    </>
  );
}

/** The table's columns: account, identity, flags, registration time. */
function useUserColumns(): Array<DataColumn<AdminUserRow>> {
  const { t } = useRemoteTranslation();
  return [
    { key: 'account', label: t('field.account'), cell: (row) => row.account },
    { key: 'realname', label: t('users.realname'), cell: (row) => t(`users.realnameStatus.${row.realname_status}`) },
    { key: 'flags', label: t('users.flags'), cell: (row) => <FlagBadges row={row} /> },
    {
      key: 'created_at',
      label: t('field.created_at'),
      cell: (row) => <span className="ds-num">{formatDateTime(row.created_at)}</span>,
    },
  ];
}

/** The search by account: a prefix, exact with 10 digits; the query is sent trimmed. */
function UserSearch({ q, onSearch }: { q: string; onSearch: (query: string) => void }) {
  const { t } = useRemoteTranslation();
  const [draft, setDraft] = useState(q);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft.trim());
  };
  return (
    <form className={styles.search} role="search" onSubmit={submit}>
      <label>
        {t('users.search.label')}
        <input
          className={styles.input}
          inputMode="numeric"
          pattern="\d{0,10}"
          maxLength={10}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
      </label>
      <button type="submit" className="ds-button ds-button--primary">
        {t('users.search.submit')}
      </button>
    </form>
  );
}

/**
 * Users (issue 14): search by account (a prefix, exact with 10 digits) kept in the address (`?q=&page=&account=`),
 * the table, and the selected user's detail (balances from the ledger, holds, postings, positions and orders, inbox)
 * with the flags and the reason the user is shown.
 */
export function UsersScreen() {
  const { t } = useRemoteTranslation();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const selected = params.get('account');
  const { data, isLoading, isError, refetch } = useGetAdminUsersQuery({ q, page });

  const update = (patch: Record<string, string | null>) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(patch)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  const rows = data?.list ?? [];
  const columns = useUserColumns();

  return (
    <div className={screenStyles.screen}>
      <h1 className={adminStyles.heading}>{t('users.title')}</h1>
      <UserSearch q={q} onSearch={(query) => update({ q: query, page: null, account: null })} />
      <div className={`${screenStyles.split} ${styles.split}`}>
        <section className={adminStyles.panel} aria-label={t('users.title')}>
          {isLoading ? <SkeletonList rows={5} /> : null}
          {isError ? (
            <div className={adminStyles.empty} role="alert">
              <p>{t('table.failed')}</p>
              <button type="button" className="ds-button ds-button--secondary" onClick={() => void refetch()}>
                {t('frame.retry')}
              </button>
            </div>
          ) : null}
          {data && rows.length === 0 ? <p className={adminStyles.empty}>{t('users.empty')}</p> : null}
          {rows.length > 0 ? (
            <DataTable
              caption={t('users.title')}
              columns={columns}
              rows={rows}
              rowKey={(row) => row.account}
              selectedKey={selected}
              onSelect={(account) => update({ account })}
            />
          ) : null}
          {data ? (
            <Pager
              page={page}
              total={data.total}
              pageSize={USERS_PAGE_SIZE}
              onPage={(next) => update({ page: String(next), account: null })}
            />
          ) : null}
        </section>
        {selected ? <UserDetail key={selected} account={selected} /> : <p>{t('users.choose')}</p>}
      </div>
    </div>
  );
}
