import { useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { Link, useSearchParams } from 'react-router';
import { SelectField } from 'shared/remote-kit';
import { SkeletonList } from 'shared/ui';
import {
  adminStyles,
  APPROVALS_PATH,
  DataTable,
  Pager,
  QUEUE_PAGE_SIZE,
  screenStyles,
  useAdminAccess,
  useFieldColumns,
  useRemoteTranslation,
  type CatalogueId,
} from '#lib';
import { useGetCatalogueQuery, type CatalogueAnswer } from '../api/catalogue-api';
import { CATALOGUES } from '../model/catalogues';
import type { ActionSpec, Row } from '../model/catalogue-types';
import { CatalogueDetail } from './catalogue-detail';
import { CatalogueForm } from './catalogue-form';
import { CatalogueValue } from './catalogue-value';
import { PendingChanges } from './pending-changes';
import styles from './catalogues.module.css';

/** The wire language of the i18n language (the contract's langField accepts the i18n codes). */
const LANGS: Record<string, string> = { 'zh-CN': 'zh-CN', en: 'en', ja: 'ja' };

export interface Notice {
  tone: 'success' | 'danger';
  text: string;
  link?: { to: string; label: string };
}

/**
 * One catalogue or setting (its description in model/): the filter and the page in the address (`?filter=&page=
 * &id=`), the table, the selected row's detail with its actions, and the create form. Actions show only when
 * /admin/me `allowed` has their endpoint; after a change the server's message is shown (every change waits for a
 * second administrator: it links to its four-eyes request), the lists refresh, and the catalogue's pending requests
 * are listed with who submitted them and when.
 */
export function CatalogueScreen({ catalogue: id }: { catalogue: CatalogueId }) {
  const { t, i18n } = useRemoteTranslation();
  const access = useAdminAccess();
  const catalogue = CATALOGUES[id];
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [answer, setAnswer] = useState<{ action: ActionSpec['id']; data: unknown } | null>(null);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const filter = catalogue.filter
    ? (catalogue.filter.options.find((o) => o === params.get('filter')) ?? catalogue.filter.options[0])
    : undefined;
  const selected = params.get('id');
  const read = useGetCatalogueQuery({
    name: catalogue.read.endpoint,
    body: catalogue.read.body(page, filter, LANGS[i18n.language] ?? 'zh-CN'),
  });
  const rows = read.data === undefined ? undefined : catalogue.rows(read.data);
  const listed = rows?.list.find((row) => catalogue.keyOf(row) === selected);
  const load = useGetCatalogueQuery(
    catalogue.load && listed ? { name: catalogue.load.endpoint, body: catalogue.load.body(listed, filter) } : skipToken,
  );
  // a record read in full before it is shown (a news item's body): the pane waits for it, so an edit starts from it
  const row: Row | undefined = catalogue.load
    ? listed && load.data
      ? { ...listed, ...(load.data as Row) }
      : undefined
    : listed;
  const may = (action: ActionSpec) => access.state === 'ok' && access.may(action.form.endpoint);
  const title = t(`catalogue.${id}.title`);
  const columns = useFieldColumns(catalogue.columns, (r: Row, spec) => <CatalogueValue row={r} spec={spec} />);

  const update = (change: (search: URLSearchParams) => void) =>
    setParams(
      (previous) => {
        const search = new URLSearchParams(previous);
        change(search);
        return search;
      },
      { replace: true },
    );

  const onDone = (result: CatalogueAnswer, action: ActionSpec) => {
    const text = result.msg && i18n.exists(`msg:${result.msg}`) ? t(`msg:${result.msg}`) : t('catalogue.done');
    const waiting = result.msg === 'four_eyes_waiting';
    const link = waiting
      ? {
          to: result.fourEyesId ? `${APPROVALS_PATH}?id=${result.fourEyesId}` : APPROVALS_PATH,
          label: t('approvals.open'),
        }
      : undefined;
    setNotice(link ? { tone: 'success', text, link } : { tone: 'success', text });
    setAnswer(!waiting && catalogue.showsAnswer?.includes(action.id) ? { action: action.id, data: result.data } : null);
    if (action.id === 'create' || action.id === 'set') setCreating(false);
  };

  return (
    <div className={screenStyles.screen}>
      <header className={screenStyles.head}>
        <h1 className={adminStyles.heading}>{title}</h1>
        {catalogue.create && may(catalogue.create) && !creating ? (
          <button type="button" className="ds-button ds-button--primary" onClick={() => setCreating(true)}>
            {t(`catalogue.action.${catalogue.create.id}`)}
          </button>
        ) : null}
      </header>
      <p className={styles.intro}>{t(`catalogue.${id}.intro`)}</p>
      {catalogue.filter ? (
        <div className={styles.filter}>
          <SelectField
            label={t(`catalogue.filter.${catalogue.filter.field}`)}
            value={filter}
            options={catalogue.filter.options.map((value) => ({ value, label: t(`catalogue.option.${value}`) }))}
            onChange={(event) =>
              update((search) => {
                search.set('filter', event.target.value);
                search.delete('page');
                search.delete('id');
              })
            }
          />
        </div>
      ) : null}
      {notice ? (
        <p className={notice.tone === 'success' ? screenStyles.noticeOk : screenStyles.noticeError} role="status">
          {notice.text}
          {notice.link ? (
            <>
              {' '}
              <Link to={notice.link.to}>{notice.link.label}</Link>
            </>
          ) : null}
        </p>
      ) : null}
      <PendingChanges catalogue={catalogue} />
      {creating && catalogue.create ? (
        <section className={adminStyles.panel} aria-label={t(`catalogue.action.${catalogue.create.id}`)}>
          <h2 className={screenStyles.paneTitle}>{t(`catalogue.action.${catalogue.create.id}`)}</h2>
          <CatalogueForm
            action={catalogue.create}
            {...(filter ? { filter } : {})}
            onDone={onDone}
            onCancel={() => setCreating(false)}
          />
        </section>
      ) : null}
      <div className={row ? `${screenStyles.split} ${styles.split}` : undefined}>
        <section className={adminStyles.panel} aria-label={title}>
          {read.isLoading ? <SkeletonList rows={5} /> : null}
          {read.isError ? (
            <div className={adminStyles.empty} role="alert">
              <p>{t('table.failed')}</p>
              <button type="button" className="ds-button ds-button--secondary" onClick={() => void read.refetch()}>
                {t('frame.retry')}
              </button>
            </div>
          ) : null}
          {rows && rows.list.length === 0 ? <p className={adminStyles.empty}>{t('catalogue.empty')}</p> : null}
          {rows && rows.list.length > 0 ? (
            <DataTable
              caption={title}
              columns={columns}
              rows={rows.list}
              rowKey={(r) => catalogue.keyOf(r)}
              selectedKey={selected}
              wrap
              onSelect={(key) => {
                setAnswer(null);
                update((search) => search.set('id', key));
              }}
            />
          ) : null}
          {rows && catalogue.read.body(1, filter, 'en').page !== undefined ? (
            <Pager
              page={page}
              total={rows.total}
              pageSize={catalogue.pageSize ?? QUEUE_PAGE_SIZE}
              onPage={(next) => update((search) => search.set('page', String(next)))}
            />
          ) : null}
        </section>
        {listed && !row && load.isError ? (
          <div className={adminStyles.empty} role="alert">
            <p>{t('table.failed')}</p>
            <button type="button" className="ds-button ds-button--secondary" onClick={() => void load.refetch()}>
              {t('frame.retry')}
            </button>
          </div>
        ) : null}
        {row ? (
          <CatalogueDetail
            key={catalogue.keyOf(row)}
            catalogue={catalogue}
            row={row}
            {...(filter ? { filter } : {})}
            may={may}
            answer={answer}
            onDone={onDone}
          />
        ) : null}
      </div>
    </div>
  );
}
